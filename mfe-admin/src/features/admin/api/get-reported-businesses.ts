import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions } from './admin-list';
import type { ReportsFilter } from './get-pending-reports';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/**
 * GET /api/admin/businesses/reported, page after page (without a business removed during this visit): narrowed to a part
 * of the name and the reason of one of its pending reports.
 */
export function getReportedBusinessesQueryOptions(api: ApiClient, filter: ReportsFilter = {}) {
  return queueQueryOptions({
    base: adminKeys.businesses(),
    filter,
    failure: 'loadReportedBusinessesFailed',
    readPage: async (query, client) => pendingPage(await api.callPage('reportedBusinesses', { query }), client, (business) => business.id),
  });
}

export function useReportedBusinesses(filter: ReportsFilter = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getReportedBusinessesQueryOptions(api, filter), ...options });
}
