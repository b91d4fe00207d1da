import {
  PAGING,
  sourcesText,
  type businessListQuerySchema,
  type Business,
  type BusinessDetail,
  type CanEdit,
  type CityListQuery,
  type PostcodeCentre,
  type specialHoursInputSchema,
  type User,
  type Valid,
  type ValidBusinessInput,
} from '@zaytoon/contract';
import { inTransaction, type Database } from '../db/pool';
import { forbidden, notFound } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { toDirectoryFilters } from '../directory/directory-filters';
import { rollupsTotal, type DirectoryRollupRepository } from '../directory/directory-rollup.repository';
import { toBusiness } from './business.mapper';
import { BrandsRepository } from '../brands/brands.repository';
import { businessProducts } from '../brands/business-products';
import { queueLinkChecks } from '../links/links.service';
import type { SourcesService } from '../sources/sources.service';
import { BusinessesRepository, isShortSearch } from './businesses.repository';
import { DuplicatesRepository } from '../duplicates/duplicates.repository';
import { MergesRepository } from '../duplicates/merges.repository';
import { typedPlace } from '../duplicates/duplicates.service';
import { decodeCursor, encodeCursor, pageKeyOf } from './page-cursor';
import { setRevisionContext } from '../revisions/revision-context';
import { lookupOutcode, outcodeOf } from '../geo/outcodes';

/** After a business write has committed: the statistics are refreshed. */
export async function afterBusinessWrite(jobs: JobQueueRepository): Promise<void> {
  await afterCommit('statistics refresh after a business write', () => jobs.enqueue('refreshStatistics', { reason: 'business' }));
}

/** One page of the list, with what its paging headers need. */
export interface BusinessPageAnswer {
  body: Business[];
  total: number;
  /** The cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Miles to two decimals: the client shows one, and finer says more about the asker's point than it helps. */
function withDistance(business: Business, miles: number | undefined): Business {
  return miles === undefined ? business : { ...business, distance_miles: Math.round(miles * 100) / 100 };
}

export class BusinessesService {
  constructor(
    private readonly db: Database,
    private readonly businesses: BusinessesRepository,
    private readonly sources: SourcesService,
    private readonly jobs: JobQueueRepository,
    private readonly rollups: DirectoryRollupRepository,
  ) {}

  /**
   * One page of the list (CONTRACT.md paging); admins see report data.
   * One more row than the page is read to know whether a next page exists.
   */
  async listPage(parsed: Valid<typeof businessListQuerySchema>, viewer: User | null): Promise<BusinessPageAnswer> {
    const near = parsed.near;
    // 'Near me' lists only businesses with a point: the total counts those.
    const onMap = near ? true : parsed.on_map === undefined ? undefined : parsed.on_map === 'true';
    const filters = { ...toDirectoryFilters(parsed), onMap };
    // Near a point: nearest first. Else ranked by relevance (its cursor says so); a one- or two-letter search lists A-Z
    // by the folded name, no search by name.
    const order = near ? 'near' : !filters.search ? 'name' : isShortSearch(filters.search) ? 'prefix' : 'relevance';
    // Only the first page counts (from the rollups when they hold these filters); later ones carry its total in their cursor.
    const continued = parsed.cursor ? decodeCursor(parsed.cursor, order) : undefined;
    const after = continued?.key;
    const limit = parsed.limit ?? PAGING.defaultLimit;
    const forAdmin = viewer?.is_admin ?? false;
    const [rows, total] = await Promise.all([
      this.businesses.listPage(filters, { limit: limit + 1, after, forAdmin, near }),
      continued?.total ?? (rollupsTotal(filters) ? this.rollups.total(filters) : this.businesses.count(filters)),
    ]);
    const page = rows.slice(0, limit);
    const alternatives = await new BrandsRepository(this.db).alternativesOf(page.map((row) => row.id));
    return {
      body: page.map((row) => ({
        ...withDistance(toBusiness(row, forAdmin, viewer?.id ?? null), row.distance_miles),
        alternatives: alternatives.get(row.id) ?? [],
      })),
      total,
      nextCursor: rows.length > limit ? encodeCursor(pageKeyOf(rows[limit - 1], order), total) : null,
    };
  }

  async get(id: number, viewer: User | null): Promise<BusinessDetail> {
    const forAdmin = viewer?.is_admin ?? false;
    const [row, sources] = await Promise.all([this.businesses.findById(id, forAdmin), this.sources.list(this.db, id, forAdmin)]);
    if (!row) {
      // A business merged into another says where it went; the client follows it.
      const into = await new MergesRepository(this.db).mergedInto(id);
      throw notFound('businessNotFound', into === null ? undefined : { merged_into: into });
    }
    const [alternatives, palestinianProducts] = await Promise.all([
      new BrandsRepository(this.db).alternativesOf([id]),
      businessProducts(this.db, id, forAdmin),
    ]);
    return {
      ...toBusiness(row, forAdmin, viewer?.id ?? null),
      sources,
      protection: row.protection ?? null,
      alternatives: alternatives.get(id) ?? [],
      palestinian_products: palestinianProducts,
    };
  }

  async create(data: ValidBusinessInput, owner: User): Promise<BusinessDetail> {
    // The row comes back from the writes themselves: a read after them could fail and answer 503 for a stored business.
    const { row, newLinks } = await inTransaction(this.db, async (client) => {
      await setRevisionContext(client, { kind: 'create', actorId: owner.id });
      const duplicates = new DuplicatesRepository(client);
      const place = typedPlace(data.postcode);
      // Ids the check never warned about for this name and postcode are dropped, not refused: the form's warning may be for the name a moment before.
      const warned = data.duplicate_candidates?.length ? await duplicates.warnedAmong(data.duplicate_candidates, data.name, place) : [];
      const inserted = await new BusinessesRepository(client).insert(data, owner.id, owner.is_admin);
      const { newLinks } = await this.sources.replace(client, inserted.id, data, owner.id);
      const sources = await this.sources.list(client, inserted.id, owner.is_admin);
      if (warned.length) await duplicates.recordAddedDespiteWarning(inserted.id, warned, place);
      return {
        row: { ...toBusiness(inserted, owner.is_admin, owner.id), proof_of_support: sourcesText(sources), sources, protection: null },
        newLinks,
      };
    });
    if (data.latitude == null) {
      // Without its geocoding job the business would never reach the map: no job, no business (the 503 then
      // leaves nothing behind, and the member's retry adds it once).
      try {
        await this.queueGeocoding(row.id, data.postcode);
      } catch (error) {
        await this.businesses.delete(row.id).catch(() => {});
        throw error;
      }
    }
    await this.afterWrite();
    await afterCommit('link checks of new sources', () => queueLinkChecks(this.jobs, newLinks));
    return row;
  }

  async update(id: number, data: ValidBusinessInput, editor: User): Promise<BusinessDetail> {
    const existing = await this.requireEditable(id, editor);
    const { newLinks } = await inTransaction(this.db, async (client) => {
      await setRevisionContext(client, { kind: 'edit', actorId: editor.id });
      await new BusinessesRepository(client).update(id, data);
      return this.sources.replace(client, id, data, editor.id);
    });
    const postcodeChanged = existing.postcode.replace(/\s/g, '').toUpperCase() !== data.postcode.replace(/\s/g, '').toUpperCase();
    // A failed geocoding job fails the edit (503): saving again is harmless and queues it.
    if (postcodeChanged && data.latitude == null) await this.queueGeocoding(id, data.postcode);
    await this.afterWrite();
    await afterCommit('link checks of new sources', () => queueLinkChecks(this.jobs, newLinks));
    return this.get(id, editor);
  }

  /** Special hours are the owner's or an admin's to set; a member suggests them (field special_hours). */
  async setSpecialHours(id: number, data: Valid<typeof specialHoursInputSchema>, editor: User): Promise<BusinessDetail> {
    await this.requireEditable(id, editor);
    await this.businesses.setSpecialHours(id, data.special_hours);
    await this.afterWrite();
    return this.get(id, editor);
  }

  async canEdit(id: number, viewer: User | null): Promise<CanEdit> {
    if (!viewer) return { can_edit: false, is_owner: false };
    const business = await this.businesses.findOwner(id);
    const isOwner = !!business && business.owner_id === viewer.id;
    return { can_edit: !!business && (isOwner || viewer.is_admin), is_owner: isOwner };
  }

  /** 'Near me' from a typed postcode: its district's centre, from the offline outcode table (no request leaves the server). */
  postcodeCentre(query: { postcode: string }): PostcodeCentre {
    const outcode = outcodeOf(query.postcode);
    const centre = outcode ? lookupOutcode(outcode) : null;
    if (!outcode || !centre) throw notFound('postcodeUnknown');
    return { outcode, latitude: centre.latitude, longitude: centre.longitude };
  }

  async categories(): Promise<{ categories: string[] }> {
    return { categories: await this.businesses.listCategories() };
  }

  async cities(query: CityListQuery = {}): Promise<{ cities: string[] }> {
    return { cities: await this.businesses.listCities(query) };
  }

  private async requireEditable(id: number, editor: User) {
    const business = await this.businesses.findOwner(id);
    if (!business) throw notFound('businessNotFound');
    if (business.owner_id !== editor.id && !editor.is_admin) throw forbidden('notAllowedToEdit');
    return business;
  }

  private async queueGeocoding(businessId: number, postcode: string): Promise<void> {
    await this.jobs.enqueue('geocodeBusiness', { businessId, postcode });
  }

  private afterWrite(): Promise<void> {
    return afterBusinessWrite(this.jobs);
  }
}
