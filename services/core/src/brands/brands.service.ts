import {
  BRAND_RULES,
  PARAMETERISED_MESSAGES,
  coded,
  slugOf,
  type Brand,
  type BrandSummary,
  type BusinessProducts,
  type ProductType,
  type User,
  type Valid,
  type ValidBrandInput,
  type brandListQuerySchema,
  type businessProductsInputSchema,
  type productTypeInputSchema,
} from '@zaytoon/contract';
import { AlertsRepository } from '../alerts/alerts.repository';
import { AuditRepository } from '../audit/audit.repository';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { afterBusinessWrite } from '../businesses/businesses.service';
import { inTransaction, type Database, type Queryable } from '../db/pool';
import { badRequest, conflict, forbidden, notFound } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { queueLinkChecks } from '../links/links.service';
import { PhotosRepository } from '../photos/photos.repository';
import { replaceSourceList } from '../sources/sources.service';
import { SuggestionsRepository } from '../suggestions/suggestions.repository';
import { BRAND_SOURCES, PRODUCT_SOURCES, SourcesRepository } from '../sources/sources.repository';
import { BrandsRepository } from './brands.repository';
import { businessProducts } from './business-products';

/** Brands admins keep, the businesses tagged as alternatives to them, and the Palestinian products businesses stock. */
export class BrandsService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueueRepository,
  ) {}

  list(query: Valid<typeof brandListQuerySchema>): Promise<BrandSummary[]> {
    return new BrandsRepository(this.db).list(query.search || undefined, query.limit ?? BRAND_RULES.listDefaultLimit);
  }

  async getBySlug(slug: string, viewer: User | null): Promise<Brand> {
    const found = await new BrandsRepository(this.db).findBySlug(slug);
    if (!found) throw notFound('brandNotFound');
    return this.withSourcesAndCount(this.db, found, viewer?.is_admin ?? false);
  }

  async create(input: ValidBrandInput, admin: User): Promise<Brand> {
    const slug = input.slug ?? slugOf(input.name);
    if (!slug) throw badRequest('brandSlugInvalid', { slug: coded('brandSlugInvalid') });
    return this.save(input, admin, 'brand.created', async (brands) => {
      const id = await brands.insert({ name: input.name, slug, reason: input.reason }, admin.id);
      if (id === null) throw conflict('brandExists');
      return id;
    });
  }

  async update(id: number, input: ValidBrandInput, admin: User): Promise<Brand> {
    return this.save(input, admin, 'brand.updated', async (brands) => {
      if (!(await brands.lock(id))) throw notFound('brandNotFound');
      if (!(await brands.update(id, input))) throw conflict('brandExists');
      return id;
    });
  }

  /**
   * Deletes the brand, its sources and its tags. Members' pending suggestions of it are rejected first (an approval
   * locks its suggestion before the brand, so this order cannot deadlock with one), and the alerts that follow it are
   * deleted: they could match nothing again, or a later brand given the freed slug.
   */
  async delete(id: number, admin: User): Promise<{ message: string }> {
    const deleted = await inTransaction(this.db, async (client) => {
      const brands = new BrandsRepository(client);
      const brand = await brands.findById(id);
      if (!brand) throw notFound('brandNotFound');
      const rejected = await new SuggestionsRepository(client).rejectPendingAlternativeTo(brand.slug, admin.id);
      if (!(await brands.delete(id))) throw notFound('brandNotFound');
      const alerts = await new AlertsRepository(client).deleteFollowing({ alternativeTo: brand.slug });
      await this.recordDeletion(client, admin, 'brand', brand, { suggestions_rejected: rejected, alerts_deleted: alerts });
      return brand;
    });
    await afterBusinessWrite(this.jobs);
    return { message: PARAMETERISED_MESSAGES.brandDeleted({ name: deleted.name }) };
  }

  /** Writes the brand (`write` answers its id), its sources and the audit line at once, then queues link checks of its new sources. */
  private async save(
    input: ValidBrandInput,
    admin: User,
    action: 'brand.created' | 'brand.updated',
    write: (brands: BrandsRepository) => Promise<number>,
  ): Promise<Brand> {
    const { brand, newLinks } = await inTransaction(this.db, async (client) => {
      const brands = new BrandsRepository(client);
      const id = await write(brands);
      const added = await replaceSourceList(new SourcesRepository(client, BRAND_SOURCES), id, input.sources, admin.id);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action,
        targetType: 'brand',
        targetId: id,
        details: { name: input.name },
      });
      return { brand: await this.withSourcesAndCount(client, (await brands.findById(id))!, true), newLinks: added };
    });
    await afterCommit('link checks of new brand sources', () => queueLinkChecks(this.jobs, newLinks, 'brand'));
    return brand;
  }

  /** Its owner or an admin sets the brands the business is an alternative to; an unknown slug is refused, whole. */
  async setAlternatives(businessId: number, slugs: readonly string[], editor: User): Promise<BrandSummary[]> {
    await this.requireEditable(businessId, editor);
    const chosen = await inTransaction(this.db, async (client) => {
      const brands = new BrandsRepository(client);
      const found = await brands.bySlugs(slugs, true);
      if (found.length !== slugs.length) throw badRequest('brandUnknown', { brands: coded('brandUnknown') });
      await brands.setAlternatives(
        businessId,
        found.map((brand) => brand.id),
        editor.id,
      );
      return found;
    });
    await afterBusinessWrite(this.jobs);
    return chosen;
  }

  /** The brands each business of a page is an alternative to. */
  alternativesOf(businessIds: readonly number[]): Promise<Map<number, BrandSummary[]>> {
    return new BrandsRepository(this.db).alternativesOf(businessIds);
  }

  productTypes(): Promise<ProductType[]> {
    return new BrandsRepository(this.db).productTypes();
  }

  async createProductType(input: Valid<typeof productTypeInputSchema>, admin: User): Promise<ProductType> {
    const slug = input.slug ?? slugOf(input.name);
    if (!slug) throw badRequest('brandSlugInvalid', { slug: coded('brandSlugInvalid') });
    return inTransaction(this.db, async (client) => {
      const created = await new BrandsRepository(client).insertProductType(input.name, slug);
      if (!created) throw conflict('productTypeExists');
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'product_type.created',
        targetType: 'product_type',
        targetId: created.id,
        details: { name: created.name },
      });
      return created;
    });
  }

  /** Deletes the product type and what businesses said of it (`BrandsRepository.deleteProductType`), and the alerts that follow it. */
  async deleteProductType(id: number, admin: User): Promise<{ message: string }> {
    const deleted = await inTransaction(this.db, async (client) => {
      const type = await new BrandsRepository(client).deleteProductType(id);
      if (!type) throw notFound('productTypeNotFound');
      const alerts = await new AlertsRepository(client).deleteFollowing({ palestinianProduct: type.slug });
      await this.recordDeletion(client, admin, 'product_type', type, { alerts_deleted: alerts });
      return type;
    });
    await afterBusinessWrite(this.jobs);
    return { message: PARAMETERISED_MESSAGES.productTypeDeleted({ name: deleted.name }) };
  }

  private recordDeletion(
    db: Queryable,
    admin: User,
    targetType: 'brand' | 'product_type',
    deleted: { id: number; name: string; slug: string },
    consequences: Record<string, number>,
  ): Promise<void> {
    return new AuditRepository(db).record({
      actorId: admin.id,
      action: `${targetType}.deleted`,
      targetType,
      targetId: deleted.id,
      details: { name: deleted.name, slug: deleted.slug, ...consequences },
    });
  }

  /** Its owner or an admin says which Palestinian products the business stocks, with the source or photo that shows it. */
  async setProducts(businessId: number, input: Valid<typeof businessProductsInputSchema>, editor: User): Promise<BusinessProducts> {
    await this.requireEditable(businessId, editor);
    const newLinks = await inTransaction(this.db, async (client) => {
      const brands = new BrandsRepository(client);
      const found = await brands.productTypesBySlugs(input.products, true);
      if (found.length !== input.products.length) throw badRequest('productTypeUnknown', { products: coded('productTypeUnknown') });
      const photoId = found.length ? (input.photo_id ?? null) : null;
      if (photoId !== null && !(await new PhotosRepository(client).holdListedOfBusiness(photoId, businessId)))
        throw badRequest('productPhotoUnknown', { photo_id: coded('productPhotoUnknown') });
      await brands.setProductPhoto(businessId, photoId);
      await brands.setProducts(
        businessId,
        found.map((type) => type.id),
        editor.id,
      );
      return replaceSourceList(
        new SourcesRepository(client, PRODUCT_SOURCES),
        businessId,
        input.source && found.length ? [input.source] : [],
        editor.id,
      );
    });
    await afterBusinessWrite(this.jobs);
    await afterCommit('link check of the products source', () => queueLinkChecks(this.jobs, newLinks, 'product'));
    return businessProducts(this.db, businessId, editor.is_admin);
  }

  private async requireEditable(businessId: number, editor: User): Promise<void> {
    const business = await new BusinessesRepository(this.db).findOwner(businessId);
    if (!business) throw notFound('businessNotFound');
    if (business.owner_id !== editor.id && !editor.is_admin) throw forbidden('notAllowedToEdit');
  }

  private async withSourcesAndCount(
    db: Queryable,
    brand: { id: number; name: string; slug: string; reason: string },
    forAdmin: boolean,
  ): Promise<Brand> {
    const brands = new BrandsRepository(db);
    const [sources, alternatives] = await Promise.all([
      new SourcesRepository(db, BRAND_SOURCES).list(brand.id, forAdmin),
      brands.countAlternatives(brand.id),
    ]);
    return { ...brand, sources, alternatives };
  }
}
