import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient, type SuggestableField } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/** What an admin narrows the pending suggestions to: a part of the business's name, the field suggested. */
export interface SuggestionsFilter extends QueueSearch {
  field?: SuggestableField;
}

/** GET /api/admin/suggestions/pending, page after page (without what is about a business removed during this visit). */
export function getPendingSuggestionsQueryOptions(api: ApiClient, filter: SuggestionsFilter = {}) {
  return queueQueryOptions({
    base: adminKeys.suggestions(),
    filter,
    failure: 'loadPendingSuggestionsFailed',
    readPage: async (query, client) =>
      pendingPage(await api.callPage('pendingSuggestions', { query }), client, (suggestion) => suggestion.business_id),
  });
}

export function usePendingSuggestions(filter: SuggestionsFilter = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getPendingSuggestionsQueryOptions(api, filter), ...options });
}
