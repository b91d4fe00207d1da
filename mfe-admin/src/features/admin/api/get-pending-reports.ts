import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient, type ReportReason } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/** What an admin narrows the pending reports to: a part of the business's name, a reason. */
export interface ReportsFilter extends QueueSearch {
  reason?: ReportReason;
}

/** GET /api/admin/reports/pending, page after page (without what is about a business removed during this visit). */
export function getPendingReportsQueryOptions(api: ApiClient, filter: ReportsFilter = {}) {
  return queueQueryOptions({
    base: adminKeys.reports(),
    filter,
    failure: 'loadPendingReportsFailed',
    readPage: async (query, client) => pendingPage(await api.callPage('pendingReports', { query }), client, (report) => report.business_id),
  });
}

export function usePendingReports(filter: ReportsFilter = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getPendingReportsQueryOptions(api, filter), ...options });
}
