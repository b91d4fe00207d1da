import type { BrandSummary, ProductType } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { nameSearchParam, textHoldsSql } from '../db/name-search';

export interface BrandRow extends BrandSummary {
  reason: string;
}

/** A business that is listed: not removed by an approved report (the directory's NOT_REMOVED). */
const LISTED = `NOT EXISTS (SELECT 1 FROM reports removed WHERE removed.business_id = b.id AND removed.status = 'approved')`;

/** Keeps the rows read from a deletion (which locks them FOR UPDATE) until the transaction ends. */
const HOLD = ' FOR KEY SHARE';

/** Brands, the businesses tagged as alternatives to them, and the Palestinian product types businesses stock. */
export class BrandsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * A-Z, or those whose name holds `search` folded as the directory folds names ('nestle' finds Nestlé), those that
   * start with it first (the folded name's trigram index serves the search).
   */
  async list(search: string | undefined, limit: number): Promise<BrandSummary[]> {
    if (!search) {
      const { rows } = await this.db.query<BrandSummary>('SELECT id, name, slug FROM brands ORDER BY lower(name), id LIMIT $1', [limit]);
      return rows;
    }
    const { rows } = await this.db.query<BrandSummary>(
      `SELECT id, name, slug FROM brands WHERE ${textHoldsSql('name', '$1')}
        ORDER BY starts_with(search_fold(name), search_fold($2)) DESC, lower(name), id LIMIT $3`,
      [nameSearchParam(search), search, limit],
    );
    return rows;
  }

  async findBySlug(slug: string): Promise<BrandRow | null> {
    const { rows } = await this.db.query<BrandRow>('SELECT id, name, slug, reason FROM brands WHERE slug = $1', [slug]);
    return rows[0] ?? null;
  }

  async findById(id: number): Promise<BrandRow | null> {
    const { rows } = await this.db.query<BrandRow>('SELECT id, name, slug, reason FROM brands WHERE id = $1', [id]);
    return rows[0] ?? null;
  }

  /** Null when the name or slug is taken (the unique indexes decide). */
  async insert(brand: { name: string; slug: string; reason: string }, createdBy: number): Promise<number | null> {
    const { rows } = await this.db.query<{ id: number }>(
      `INSERT INTO brands (name, slug, reason, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
      [brand.name, brand.slug, brand.reason, createdBy],
    );
    return rows[0]?.id ?? null;
  }

  /** False when the name is another brand's. */
  async update(id: number, brand: { name: string; reason: string }): Promise<boolean> {
    const { rows } = await this.db.query<{ taken: boolean }>('SELECT true AS taken FROM brands WHERE lower(name) = lower($1) AND id <> $2', [
      brand.name,
      id,
    ]);
    if (rows.length) return false;
    await this.db.query('UPDATE brands SET name = $2, reason = $3, updated_at = now() WHERE id = $1', [id, brand.name, brand.reason]);
    return true;
  }

  /** Locks the brand against other writes to its sources; false when it is gone. */
  async lock(id: number): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM brands WHERE id = $1 FOR UPDATE', [id]);
    return rowCount === 1;
  }

  /** Deletes the brand; its sources and its businesses' tags go with it. Null when it is gone already. */
  async delete(id: number): Promise<BrandSummary | null> {
    const { rows } = await this.db.query<BrandSummary>('DELETE FROM brands WHERE id = $1 RETURNING id, name, slug', [id]);
    return rows[0] ?? null;
  }

  /** How many listed businesses are alternatives to the brand. */
  async countAlternatives(brandId: number): Promise<number> {
    const { rows } = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM business_alternatives a JOIN businesses b ON b.id = a.business_id WHERE a.brand_id = $1 AND ${LISTED}`,
      [brandId],
    );
    return rows[0].total;
  }

  /** The brands of these slugs (those that exist); `hold` keeps them from a deletion until the transaction ends, for the tags it writes. */
  async bySlugs(slugs: readonly string[], hold = false): Promise<BrandSummary[]> {
    if (!slugs.length) return [];
    const { rows } = await this.db.query<BrandSummary>(
      `SELECT id, name, slug FROM brands WHERE slug = ANY($1::text[]) ORDER BY lower(name), id${hold ? HOLD : ''}`,
      [slugs],
    );
    return rows;
  }

  /** The business is an alternative to exactly these brands. */
  async setAlternatives(businessId: number, brandIds: readonly number[], addedBy: number): Promise<void> {
    await this.db.query('DELETE FROM business_alternatives WHERE business_id = $1 AND NOT (brand_id = ANY($2::int[]))', [businessId, brandIds]);
    await this.db.query(
      `INSERT INTO business_alternatives (brand_id, business_id, added_by) SELECT unnest($2::int[]), $1, $3 ON CONFLICT DO NOTHING`,
      [businessId, brandIds, addedBy],
    );
  }

  /** One more brand for the business (an approved suggestion); false when it already is one. */
  async addAlternative(businessId: number, brandId: number, addedBy: number | null): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'INSERT INTO business_alternatives (brand_id, business_id, added_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [brandId, businessId, addedBy],
    );
    return rowCount === 1;
  }

  async countAlternativesOf(businessId: number): Promise<number> {
    const { rows } = await this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM business_alternatives WHERE business_id = $1', [
      businessId,
    ]);
    return rows[0].total;
  }

  /** The brands each business is an alternative to, A-Z (one page of businesses at a time). */
  async alternativesOf(businessIds: readonly number[]): Promise<Map<number, BrandSummary[]>> {
    const found = new Map<number, BrandSummary[]>();
    if (!businessIds.length) return found;
    const { rows } = await this.db.query<BrandSummary & { business_id: number }>(
      `SELECT a.business_id, r.id, r.name, r.slug FROM business_alternatives a JOIN brands r ON r.id = a.brand_id
        WHERE a.business_id = ANY($1::int[]) ORDER BY lower(r.name), r.id`,
      [businessIds],
    );
    for (const { business_id: businessId, ...brand } of rows) found.set(businessId, [...(found.get(businessId) ?? []), brand]);
    return found;
  }

  async productTypes(): Promise<ProductType[]> {
    const { rows } = await this.db.query<ProductType>('SELECT id, name, slug FROM product_types ORDER BY lower(name), id');
    return rows;
  }

  /** The product types of these slugs (those that exist); `hold` as `bySlugs`'. */
  async productTypesBySlugs(slugs: readonly string[], hold = false): Promise<ProductType[]> {
    if (!slugs.length) return [];
    const { rows } = await this.db.query<ProductType>(
      `SELECT id, name, slug FROM product_types WHERE slug = ANY($1::text[]) ORDER BY lower(name), id${hold ? HOLD : ''}`,
      [slugs],
    );
    return rows;
  }

  /** Null when the name or slug is taken. */
  async insertProductType(name: string, slug: string): Promise<ProductType | null> {
    const { rows } = await this.db.query<ProductType>(
      'INSERT INTO product_types (name, slug) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id, name, slug',
      [name, slug],
    );
    return rows[0] ?? null;
  }

  /**
   * Deletes the product type and what businesses said of it; a business left stocking nothing loses its products'
   * source and photo, as a business that clears its list does. Null when it is gone already.
   */
  async deleteProductType(id: number): Promise<ProductType | null> {
    const { rows } = await this.db.query<ProductType>('SELECT id, name, slug FROM product_types WHERE id = $1 FOR UPDATE', [id]);
    if (!rows.length) return null;
    const { rows: stocking } = await this.db.query<{ business_id: number }>(
      'DELETE FROM business_products WHERE product_type_id = $1 RETURNING business_id',
      [id],
    );
    await this.db.query('DELETE FROM product_types WHERE id = $1', [id]);
    for (const proofs of ['business_product_sources', 'business_product_photos'])
      await this.db.query(
        `DELETE FROM ${proofs} proof WHERE proof.business_id = ANY($1::int[])
            AND NOT EXISTS (SELECT 1 FROM business_products p WHERE p.business_id = proof.business_id)`,
        [stocking.map((row) => row.business_id)],
      );
    return rows[0];
  }

  /** The business's photo that shows its products (null: none). */
  async setProductPhoto(businessId: number, photoId: number | null): Promise<void> {
    if (photoId === null) await this.db.query('DELETE FROM business_product_photos WHERE business_id = $1', [businessId]);
    else
      await this.db.query(
        `INSERT INTO business_product_photos (business_id, photo_id) VALUES ($1, $2)
         ON CONFLICT (business_id) DO UPDATE SET photo_id = EXCLUDED.photo_id`,
        [businessId, photoId],
      );
  }

  async productsOf(businessId: number): Promise<ProductType[]> {
    const { rows } = await this.db.query<ProductType>(
      `SELECT t.id, t.name, t.slug FROM business_products p JOIN product_types t ON t.id = p.product_type_id
        WHERE p.business_id = $1 ORDER BY lower(t.name), t.id`,
      [businessId],
    );
    return rows;
  }

  /** The slugs of the product types each business stocks, A-Z (one segment of the open data at a time). */
  async productSlugsOf(businessIds: readonly number[]): Promise<Map<number, string[]>> {
    const found = new Map<number, string[]>();
    if (!businessIds.length) return found;
    const { rows } = await this.db.query<{ business_id: number; slug: string }>(
      `SELECT p.business_id, t.slug FROM business_products p JOIN product_types t ON t.id = p.product_type_id
        WHERE p.business_id = ANY($1::int[]) ORDER BY t.slug`,
      [businessIds],
    );
    for (const { business_id: businessId, slug } of rows) found.set(businessId, [...(found.get(businessId) ?? []), slug]);
    return found;
  }

  async setProducts(businessId: number, productTypeIds: readonly number[], addedBy: number): Promise<void> {
    await this.db.query('DELETE FROM business_products WHERE business_id = $1 AND NOT (product_type_id = ANY($2::int[]))', [
      businessId,
      productTypeIds,
    ]);
    await this.db.query(
      `INSERT INTO business_products (product_type_id, business_id, added_by) SELECT unnest($2::int[]), $1, $3 ON CONFLICT DO NOTHING`,
      [businessId, productTypeIds, addedBy],
    );
  }
}
