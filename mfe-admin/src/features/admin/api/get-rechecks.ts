import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { directoryQuery, MESSAGES, type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { adminKeys } from './keys';

const RECHECKS_PAGE = 20;

/** GET /api/admin/rechecks, page after page ('Load more' follows the cursor of the Link header). */
export function getRechecksQueryOptions(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: adminKeys.rechecks(),
    queryFn: ({ pageParam }) => api.callPage('rechecks', { query: directoryQuery({ limit: RECHECKS_PAGE, cursor: pageParam }) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { failure: MESSAGES.loadRechecksFailed },
  });
}

export function useRechecks() {
  const { api } = useHost();
  return useInfiniteQuery(getRechecksQueryOptions(api));
}
