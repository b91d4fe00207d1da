import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/claims: pending owner claims, oldest first, page after page. */
export function getClaimsQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.claims(),
    failure: 'loadClaimsFailed',
    readPage: (cursor) => api.callPage('pendingClaims', { query: { limit: ADMIN_QUEUE_PAGE, cursor } }),
  });
}

export function useClaims() {
  const { api } = useHost();
  return useInfiniteQuery(getClaimsQueryOptions(api));
}
