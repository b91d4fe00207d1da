import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, DuplicateCandidate } from '@zaytoon/contract/client';

export const duplicateKeys = {
  candidates: (name: string, postcode: string) => ['duplicates', { name, postcode }] as const,
};

/** 'This may already be listed': up to 3 listed businesses the one being added may duplicate. */
export function getDuplicateCandidatesQueryOptions(api: ApiClient, name: string, postcode: string) {
  return queryOptions({
    queryKey: duplicateKeys.candidates(name, postcode),
    queryFn: async ({ signal }): Promise<DuplicateCandidate[]> => {
      const list = await api.call('duplicateCheck', { query: { name, postcode } }, { signal });
      return Array.isArray(list) ? list : [];
    },
    staleTime: 60_000,
    // A warning, never an obstacle: a refused or failed check shows nothing and is not retried.
    retry: false,
  });
}
