import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

const OPTIONS_STALE_MS = 5 * 60_000;
const NONE: string[] = [];

/** The category dropdown (GET /api/categories). */
export function getCategoriesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: directoryKeys.categories(),
    queryFn: async () => (await api.call('categories')).categories,
    staleTime: OPTIONS_STALE_MS,
  });
}

export function useCategories(): string[] {
  const { api } = useHost();
  return useQuery(getCategoriesQueryOptions(api)).data ?? NONE;
}

/** The city filter's options: the first `limit` cities holding `search`, those that start with it first (GET /api/cities). */
export function getCityOptionsQueryOptions(api: ApiClient, search: string, limit: number) {
  return queryOptions({
    queryKey: directoryKeys.cityOptions(search, limit),
    queryFn: async ({ signal }) => (await api.call('cities', { query: { search: search || undefined, limit } }, { signal })).cities,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** `enabled: false` until the list is first opened; while the next text's cities load, the last ones stay. */
export function useCityOptions(search: string, limit: number, { enabled }: { enabled: boolean }): string[] {
  const { api } = useHost();
  return useQuery({ ...getCityOptionsQueryOptions(api, search, limit), enabled, placeholderData: keepPreviousData }).data ?? NONE;
}
