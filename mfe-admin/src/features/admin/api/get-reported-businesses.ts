import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, type Business } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { adminKeys } from './keys';
import { pendingList } from './visit';

/** GET /api/admin/businesses/reported (without what is about a business removed during this visit). */
export function getReportedBusinessesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.businesses(),
    queryFn: async ({ client }) => pendingList<Business>(await api.reportedBusinesses(), client, (business) => business.id),
    meta: { failure: 'loadReportedBusinessesFailed' },
  });
}

export function useReportedBusinesses() {
  const { api } = useHost();
  return useQuery(getReportedBusinessesQueryOptions(api));
}
