import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions, type QueueReadOptions } from './admin-list';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/** GET /api/admin/businesses/reported, page after page (without a business removed during this visit). */
export function getReportedBusinessesQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.businesses(),
    failure: 'loadReportedBusinessesFailed',
    readPage: async (cursor, client) =>
      pendingPage(await api.callPage('reportedBusinesses', { query: { limit: ADMIN_QUEUE_PAGE, cursor } }), client, (business) => business.id),
  });
}

export function useReportedBusinesses(options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getReportedBusinessesQueryOptions(api), ...options });
}
