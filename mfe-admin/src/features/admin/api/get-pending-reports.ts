import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions } from './admin-list';
import { adminKeys } from './keys';
import { pendingPage } from './visit';

/** GET /api/admin/reports/pending, page after page (without what is about a business removed during this visit). */
export function getPendingReportsQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.reports(),
    failure: 'loadPendingReportsFailed',
    readPage: async (cursor, client) =>
      pendingPage(await api.callPage('pendingReports', { query: { limit: ADMIN_QUEUE_PAGE, cursor } }), client, (report) => report.business_id),
  });
}

export function usePendingReports() {
  const { api } = useHost();
  return useInfiniteQuery(getPendingReportsQueryOptions(api));
}
