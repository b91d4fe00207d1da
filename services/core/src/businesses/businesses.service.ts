import {
  MESSAGES,
  businessInputSchema,
  businessListQuerySchema,
  type Business,
  type CanEdit,
  type User,
} from '@zaytoon/contract';
import type { AnswerCacheRepository, CachedAnswer } from '../cache/answer-cache.repository.js';
import { forbidden, notFound } from '../errors/domain-error.js';
import { parseInput } from '../errors/validate.js';
import type { JobQueueRepository } from '../jobs/job-queue.repository.js';
import { toBusiness } from './business.mapper.js';
import type { BusinessesRepository } from './businesses.repository.js';

const isAllFilter = (value: string | undefined) => !value || value.toLowerCase() === 'all';

export class BusinessesService {
  constructor(
    private readonly businesses: BusinessesRepository,
    private readonly cache: AnswerCacheRepository,
    private readonly jobs: JobQueueRepository,
  ) {}

  /** The list, serialized: answers are cached per filter and per audience (admins see report data). */
  async list(query: unknown, viewer: User | null): Promise<CachedAnswer> {
    const parsed = parseInput(businessListQuerySchema, query);
    const filters = {
      search: parsed.search || undefined,
      category: isAllFilter(parsed.category) ? undefined : parsed.category,
      city: isAllFilter(parsed.city) ? undefined : parsed.city,
    };
    const forAdmin = viewer?.is_admin ?? false;
    const key = `list:${forAdmin ? 'admin' : 'public'}:${JSON.stringify([filters.search ?? '', filters.category ?? '', filters.city ?? ''].map((v) => v.toLowerCase()))}`;
    return this.cache.getOrCompute(key, async () =>
      (await this.businesses.list({ ...filters, forAdmin })).map((row) => toBusiness(row, forAdmin)),
    );
  }

  async get(id: number, viewer: User | null): Promise<Business> {
    const forAdmin = viewer?.is_admin ?? false;
    const row = Number.isNaN(id) ? null : await this.businesses.findById(id, forAdmin);
    if (!row) throw notFound(MESSAGES.businessNotFound);
    return toBusiness(row, forAdmin);
  }

  async create(input: unknown, owner: User): Promise<Business> {
    const data = parseInput(businessInputSchema, input);
    const id = await this.businesses.insert(data, owner.id);
    await this.afterWrite(id, data.postcode, data.latitude == null);
    return this.get(id, owner);
  }

  async update(id: number, input: unknown, editor: User): Promise<Business> {
    const existing = await this.requireEditable(id, editor);
    const data = parseInput(businessInputSchema, input);
    await this.businesses.update(id, data);
    const postcodeChanged = existing.postcode.replace(/\s/g, '').toUpperCase() !== data.postcode.replace(/\s/g, '').toUpperCase();
    await this.afterWrite(id, data.postcode, postcodeChanged && data.latitude == null);
    return this.get(id, editor);
  }

  async canEdit(id: number, viewer: User | null): Promise<CanEdit> {
    if (!viewer || Number.isNaN(id)) return { can_edit: false, is_owner: false };
    const business = await this.businesses.findOwner(id);
    const isOwner = !!business && business.owner_id === viewer.id;
    return { can_edit: !!business && (isOwner || viewer.is_admin), is_owner: isOwner };
  }

  async categories(): Promise<string[]> {
    return this.businesses.listCategories();
  }

  async cities(): Promise<string[]> {
    return this.businesses.listCities();
  }

  private async requireEditable(id: number, editor: User) {
    const business = Number.isNaN(id) ? null : await this.businesses.findOwner(id);
    if (!business) throw notFound(MESSAGES.businessNotFound);
    if (business.owner_id !== editor.id && !editor.is_admin) throw forbidden(MESSAGES.notAllowedToEdit);
    return business;
  }

  private async afterWrite(id: number, postcode: string, geocode: boolean): Promise<void> {
    await this.cache.dropBusinessAnswers();
    if (geocode) await this.jobs.enqueue('geocodeBusiness', { businessId: id, postcode });
    await this.jobs.enqueue('refreshStatistics', { reason: 'business' });
  }
}
