import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

/** One business with every field (the map popup asks for it when it opens). */
export function getBusinessQueryOptions(api: ApiClient, id: number, viewer: number | null) {
  return queryOptions({
    queryKey: directoryKeys.business(id, viewer),
    queryFn: ({ signal }) => api.call('getBusiness', { id }, { signal }),
  });
}

export function useBusiness(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  const { api } = useHost();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useQuery({ ...getBusinessQueryOptions(api, id, viewer), enabled });
}
