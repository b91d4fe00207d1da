import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, type Report } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { adminKeys } from './keys';
import { pendingList } from './visit';

/** GET /api/admin/reports/pending (without what is about a business removed during this visit). */
export function getPendingReportsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.reports(),
    queryFn: async ({ client }) => pendingList<Report>(await api.pendingReports(), client, (report) => report.business_id),
    meta: { failure: 'loadPendingReportsFailed' },
  });
}

export function usePendingReports() {
  const { api } = useHost();
  return useQuery(getPendingReportsQueryOptions(api));
}
