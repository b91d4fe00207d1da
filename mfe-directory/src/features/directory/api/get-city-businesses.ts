import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient, BusinessPage, DirectoryFilter } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

/** Rows fetched per 'Load more'. */
export const CITY_PAGE_SIZE = 50;

/** One city's businesses, a page at a time (the cursor of each page leads to the next). */
export function getCityBusinessesQueryOptions(api: ApiClient, filter: DirectoryFilter, city: string, viewer: number | null) {
  return infiniteQueryOptions({
    queryKey: directoryKeys.cityBusinesses(filter, city, viewer),
    queryFn: ({ signal, pageParam }) => api.listBusinesses({ ...filter, city, limit: CITY_PAGE_SIZE, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: BusinessPage) => last.nextCursor ?? undefined,
    // While the filters change, the city's previous rows stay until the new ones arrive; another
    // city's rows never stand in for this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2].city === city ? previous : undefined),
  });
}

/** The open city's pages; nothing is fetched while no city is open. */
export function useCityBusinesses(filter: DirectoryFilter, city: string | null) {
  const { api } = useHost();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useInfiniteQuery({
    ...getCityBusinessesQueryOptions(api, filter, city ?? '', viewer),
    enabled: city !== null,
  });
}
