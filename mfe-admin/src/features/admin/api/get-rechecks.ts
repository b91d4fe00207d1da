import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/rechecks, page after page. */
export function getRechecksQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.rechecks(),
    failure: 'loadRechecksFailed',
    readPage: (cursor) => api.callPage('rechecks', { query: { limit: ADMIN_QUEUE_PAGE, cursor } }),
  });
}

export function useRechecks() {
  const { api } = useHost();
  return useInfiniteQuery(getRechecksQueryOptions(api));
}
