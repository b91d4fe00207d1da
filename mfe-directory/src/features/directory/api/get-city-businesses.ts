import { useCallback, useRef, useSyncExternalStore } from 'react';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, Business, DirectoryFilter, ListPage } from '@zaytoon/contract/client';
import { directoryKeys } from './keys';

/** Rows per page of a city: also how many placeholders stand for a page not yet loaded. */
export const CITY_PAGE_SIZE = 20;

/** Pages the visitor scrolled through stay for half an hour: dropping one would pull the rows below it up the screen. */
const CITY_PAGE_GC_MS = 30 * 60_000;

export interface CityPageRef {
  city: string;
  /** 0 for the first page; page n follows the cursor of page n - 1. */
  page: number;
}

/**
 * One page of one city's businesses (Locations view). Pages are keyed by their number, so the list maps a row's position
 * to its page; the cursor of page n comes from page n - 1, which is loaded first (its rows stand above page n's).
 */
export function getCityPageQueryOptions(
  api: ApiClient,
  queryClient: QueryClient,
  filter: DirectoryFilter,
  { city, page }: CityPageRef,
  viewer: number | null,
) {
  return queryOptions({
    queryKey: directoryKeys.cityPage(filter, city, page, viewer),
    queryFn: ({ signal }) => {
      const cursor =
        page === 0
          ? undefined
          : (queryClient.getQueryData<ListPage<Business>>(directoryKeys.cityPage(filter, city, page - 1, viewer))?.nextCursor ?? undefined);
      if (page > 0 && cursor === undefined) return Promise.resolve<ListPage<Business>>({ items: [], total: 0, nextCursor: null });
      return api.callPage('listBusinesses', { query: { ...filter, city, limit: CITY_PAGE_SIZE, cursor } }, { signal });
    },
    gcTime: CITY_PAGE_GC_MS,
  });
}

/** What the cache holds of one city: its loaded pages (from the first, without gaps), then the state of the next one. */
export interface CityPages {
  pages: ListPage<Business>[];
  /** The next page failed (it is shown as 'Could not load', with Try again, until asked again). */
  nextFailed: boolean;
}

export function cityPagesInCache(queryClient: QueryClient, filter: DirectoryFilter, city: string, viewer: number | null): CityPages {
  const pages: ListPage<Business>[] = [];
  for (;;) {
    const state = queryClient.getQueryState<ListPage<Business>>(directoryKeys.cityPage(filter, city, pages.length, viewer));
    if (state?.data === undefined) return { pages, nextFailed: state?.status === 'error' };
    pages.push(state.data);
    if (!state.data.nextCursor) return { pages, nextFailed: false };
  }
}

/** A number that changes whenever a city page is loaded, fails or leaves the cache: the list is rebuilt from the cache then. */
export function useCityPagesVersion(): number {
  const queryClient = useQueryClient();
  const version = useRef(0);
  const subscribe = useCallback(
    (notify: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[1] !== directoryKeys.cityPageScope) return;
        const settled = event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error');
        if (settled || event.type === 'removed') {
          version.current += 1;
          notify();
        }
      }),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => version.current,
    () => version.current,
  );
}
