import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, DirectoryFilter } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

/** Locations view: each city of the matches with its count (A-Z, 'Unknown City' last). */
export function getCityGroupsQueryOptions(api: ApiClient, filter: DirectoryFilter) {
  return queryOptions({
    queryKey: directoryKeys.cityGroups(filter),
    queryFn: ({ signal }) => api.call('cityGroups', { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCityGroups(filter: DirectoryFilter) {
  const { api } = useHost();
  return useQuery(getCityGroupsQueryOptions(api, filter));
}
