import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/links/broken, page after page. */
export function getBrokenLinksQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.brokenLinks(),
    failure: 'loadBrokenLinksFailed',
    readPage: (cursor) => api.callPage('brokenLinks', { query: { limit: ADMIN_QUEUE_PAGE, cursor } }),
  });
}

export function useBrokenLinks() {
  const { api } = useHost();
  return useInfiniteQuery(getBrokenLinksQueryOptions(api));
}
