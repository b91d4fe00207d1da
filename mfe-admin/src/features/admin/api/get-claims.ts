import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/claims: pending owner claims, oldest first, page after page. */
export function getClaimsQueryOptions(api: ApiClient, filter: QueueSearch = {}) {
  return queueQueryOptions({
    base: adminKeys.claims(),
    filter,
    failure: 'loadClaimsFailed',
    readPage: (query) => api.callPage('pendingClaims', { query }),
  });
}

export function useClaims(filter: QueueSearch = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getClaimsQueryOptions(api, filter), ...options });
}
