import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError } from '@zaytoon/contract/client';

/** Answers stay fresh this long: going back to the directory from a business shows it at once, no refetch. */
export const STALE_TIME_MS = 30_000;

/** Network failures and server errors are tried once more; a 4xx answer will not change. */
function retry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/**
 * SPEC §8: failures on lists are only logged. One place logs every failed query (a cancelled,
 * superseded query is not a failure and never reaches here).
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`${String(query.queryKey[0])} ${String(query.queryKey[1] ?? '')} failed`, error),
    }),
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { staleTime: STALE_TIME_MS, retry, refetchOnWindowFocus: false, ...config.defaultOptions?.queries },
    },
  });
}

let remoteClient: QueryClient | null = null;

/**
 * The remote's one QueryClient. It outlives the root component: the shell mounts the remote's root
 * again for every route, and the cache must survive a visit to a business and back.
 */
export function remoteQueryClient(): QueryClient {
  remoteClient ??= createQueryClient();
  return remoteClient;
}
