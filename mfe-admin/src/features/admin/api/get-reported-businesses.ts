import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient, type ReportReason } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/** What an admin narrows the reported businesses to: a part of the name, the reason of one of its pending reports. */
export interface ReportedBusinessesFilter extends QueueSearch {
  reason?: ReportReason;
}

/** GET /api/admin/businesses/reported, page after page (without a business removed during this visit). */
export function getReportedBusinessesQueryOptions(api: ApiClient, filter: ReportedBusinessesFilter = {}) {
  return queueQueryOptions({
    base: adminKeys.businesses(),
    filter,
    failure: 'loadReportedBusinessesFailed',
    readPage: async (query, client) => pendingPage(await api.callPage('reportedBusinesses', { query }), client, (business) => business.id),
  });
}

export function useReportedBusinesses(filter: ReportedBusinessesFilter = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getReportedBusinessesQueryOptions(api, filter), ...options });
}
