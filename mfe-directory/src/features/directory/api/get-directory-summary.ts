import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, DirectoryFilter } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

/** Count line, stat tiles, Location Summary and the map's frame, for the filters. */
export function getDirectorySummaryQueryOptions(api: ApiClient, filter: DirectoryFilter) {
  return queryOptions({
    queryKey: directoryKeys.summary(filter),
    queryFn: ({ signal }) => api.call('directorySummary', { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDirectorySummary(filter: DirectoryFilter) {
  const { api } = useHost();
  return useQuery(getDirectorySummaryQueryOptions(api, filter));
}
