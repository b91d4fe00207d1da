import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions } from './admin-list';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/** GET /api/admin/suggestions/pending, page after page (without what is about a business removed during this visit). */
export function getPendingSuggestionsQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.suggestions(),
    failure: 'loadPendingSuggestionsFailed',
    readPage: async (cursor, client) =>
      pendingPage(
        await api.callPage('pendingSuggestions', { query: { limit: ADMIN_QUEUE_PAGE, cursor } }),
        client,
        (suggestion) => suggestion.business_id,
      ),
  });
}

export function usePendingSuggestions() {
  const { api } = useHost();
  return useInfiniteQuery(getPendingSuggestionsQueryOptions(api));
}
