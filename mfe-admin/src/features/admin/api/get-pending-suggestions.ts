import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, type Suggestion } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { adminKeys } from './keys';
import { pendingList } from './visit';

/** GET /api/admin/suggestions/pending (without what is about a business removed during this visit). */
export function getPendingSuggestionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.suggestions(),
    queryFn: async ({ client }) => pendingList<Suggestion>(await api.pendingSuggestions(), client, (suggestion) => suggestion.business_id),
    meta: { failure: 'loadPendingSuggestionsFailed' },
  });
}

export function usePendingSuggestions() {
  const { api } = useHost();
  return useQuery(getPendingSuggestionsQueryOptions(api));
}
