import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { businessKeys } from '../../business/api/keys';

/** Revisions read per page ('Load more' reads the next). */
export const HISTORY_PAGE_SIZE = 20;

/** A business's revisions, newest first, page after page; the key sits under the business's own. */
export function getHistoryQueryOptions(api: ApiClient, businessId: number) {
  return infiniteQueryOptions({
    queryKey: [...businessKeys.all(businessId), 'history'] as const,
    queryFn: ({ signal, pageParam }) =>
      api.callPage('businessHistory', { id: businessId, query: { limit: HISTORY_PAGE_SIZE, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useHistory(businessId: number) {
  const { api } = useHost();
  return useInfiniteQuery(getHistoryQueryOptions(api, businessId));
}
