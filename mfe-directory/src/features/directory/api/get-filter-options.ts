import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

const OPTIONS_STALE_MS = 5 * 60_000;

/** The category and city dropdowns (GET /api/categories, /api/cities). */
export function getFilterOptionsQueryOptions(api: ApiClient, kind: 'categories' | 'cities') {
  return queryOptions({
    queryKey: directoryKeys.options(kind),
    queryFn: () => (kind === 'categories' ? api.categories() : api.cities()),
    staleTime: OPTIONS_STALE_MS,
  });
}

const NONE: string[] = [];

/** `enabled: false` until the options are needed (the city list is asked for when it is first opened). */
export function useFilterOptions(kind: 'categories' | 'cities', { enabled = true }: { enabled?: boolean } = {}): string[] {
  const { api } = useHost();
  return useQuery({ ...getFilterOptionsQueryOptions(api, kind), enabled }).data ?? NONE;
}
