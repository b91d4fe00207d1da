import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, Suggestion } from '@zaytoon/contract/client';
import { businessKeys } from './keys';

/** 'Pending Suggestions (N)' of a business. */
export function getSuggestionsQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: businessKeys.suggestions(id),
    queryFn: async (): Promise<Suggestion[]> => {
      const list = await api.call('listSuggestions', { id });
      return Array.isArray(list) ? list : [];
    },
  });
}
