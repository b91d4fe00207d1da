import { type pendingSuggestionsQuerySchema, type suggestionInputSchema, type Suggestion, type User, type Valid } from '@zaytoon/contract';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { newestFirstPage, type ListPage } from '../db/keyset-page';
import { notFound } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { Queryable } from '../db/pool';
import { alternativeSuggestion } from '../brands/alternative-suggestion';
import { currentValueText, parseSuggestedValue } from './suggestion-value';
import type { SuggestionsRepository } from './suggestions.repository';

export class SuggestionsService {
  constructor(
    private readonly suggestions: SuggestionsRepository,
    private readonly businesses: BusinessesRepository,
    private readonly jobs: JobQueueRepository,
    private readonly db: Queryable,
  ) {}

  async listForBusiness(businessId: number): Promise<Suggestion[]> {
    await this.requireBusiness(businessId, null);
    return this.suggestions.listPendingForBusiness(businessId);
  }

  /** One page of the pending suggestions, newest first, searched by business name and filtered by field (the admins' queue). */
  listPending(query: Valid<typeof pendingSuggestionsQuerySchema>): Promise<ListPage<Suggestion>> {
    const filter = { search: query.search || undefined, field: query.field };
    return newestFirstPage(
      query,
      (after, limit) => this.suggestions.pendingPage(after, limit, filter),
      () => this.suggestions.countPending(filter),
    );
  }

  async create(businessId: number, data: Valid<typeof suggestionInputSchema>, suggester: User): Promise<Suggestion> {
    const business = await this.requireBusiness(businessId, suggester);
    const value = parseSuggestedValue(data.field_name, data.suggested_value);
    const currentValue =
      data.field_name === 'alternative_to'
        ? await alternativeSuggestion(this.db, businessId, value as string)
        : currentValueText(data.field_name, business[data.field_name]);
    const suggestion = await this.suggestions.insert({
      businessId,
      userId: suggester.id,
      fieldName: data.field_name,
      suggestedValue: typeof value === 'string' ? value : JSON.stringify(value),
      currentValue,
      reason: data.reason,
      suggestionType: currentValue === '' ? 'add_missing' : 'edit_existing',
    });
    await afterCommit('statistics refresh after a suggestion', () => this.jobs.enqueue('refreshStatistics', { reason: 'suggestion' }));
    return suggestion;
  }

  private async requireBusiness(businessId: number, viewer: User | null) {
    const business = await this.businesses.findById(businessId, viewer?.is_admin ?? false);
    if (!business) throw notFound('businessNotFound');
    return business;
  }
}
