import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient, type SuggestableField } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions, queueKey, setParts, type QueueReadOptions } from './admin-list';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/** What an admin narrows the pending suggestions to: a part of the business's name, the field suggested. */
export interface SuggestionsFilter {
  search?: string;
  field?: SuggestableField;
}

/** GET /api/admin/suggestions/pending, page after page (without what is about a business removed during this visit). */
export function getPendingSuggestionsQueryOptions(api: ApiClient, filter: SuggestionsFilter = {}) {
  return adminListQueryOptions({
    queryKey: queueKey(adminKeys.suggestions(), filter),
    failure: 'loadPendingSuggestionsFailed',
    readPage: async (cursor, client) =>
      pendingPage(
        await api.callPage('pendingSuggestions', { query: { limit: ADMIN_QUEUE_PAGE, cursor, ...setParts(filter) } }),
        client,
        (suggestion) => suggestion.business_id,
      ),
  });
}

export function usePendingSuggestions(filter: SuggestionsFilter = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getPendingSuggestionsQueryOptions(api, filter), ...options });
}
