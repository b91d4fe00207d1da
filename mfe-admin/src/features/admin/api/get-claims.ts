import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { adminListQueryOptions } from './admin-list';
import { adminKeys } from './keys';

const CLAIMS_PAGE = 20;

/** GET /api/admin/claims: pending owner claims, oldest first, page after page (issue #14 point 4). */
export function getClaimsQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.claims(),
    failure: 'loadClaimsFailed',
    readPage: (cursor) => api.callPage('pendingClaims', { query: { limit: CLAIMS_PAGE, cursor } }),
  });
}

export function useClaims() {
  const { api } = useHost();
  return useInfiniteQuery(getClaimsQueryOptions(api));
}
