import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DIRECTORY_LIMITS, type ApiClient, type DirectoryFilter } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

/** 'Businesses Not on Map': the first few without coordinates, and how many there are in all. */
export function getUnmappedBusinessesQueryOptions(api: ApiClient, filter: DirectoryFilter) {
  return queryOptions({
    queryKey: directoryKeys.unmapped(filter),
    queryFn: ({ signal }) =>
      api.callPage('listBusinesses', { query: { ...filter, on_map: 'false', limit: DIRECTORY_LIMITS.unmappedBusinessesListed } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUnmappedBusinesses(filter: DirectoryFilter) {
  const { api } = useHost();
  return useQuery(getUnmappedBusinessesQueryOptions(api, filter));
}
