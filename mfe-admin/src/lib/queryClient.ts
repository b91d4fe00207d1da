import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import {
  isApiError,
  isMessageCode,
  type HostContext,
  type LanguageState,
  type PlainMessageCode,
  type ReadableStore,
  type Toaster,
} from '@zaytoon/contract/client';
import { contractMessagesNow } from '@zaytoon/web-kit/contract-messages';

/**
 * An answer the server gave that is older than a change made on this page (the statistics rollup
 * before the worker refreshed it). The query tries again; it is not a failure to report.
 */
export class StaleAnswerError<T> extends Error {
  constructor(readonly answer: T) {
    super('The answer is older than the last change');
    this.name = 'StaleAnswerError';
  }
}

/** Network failures and server errors are tried once more; a 4xx answer will not change. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/**
 * The admin remote's QueryClient. Each query names its SPEC §8 failure toast in `meta.failure` by its code
 * ('loadStatisticsFailed', ...): one place toasts it in the page's language, with the server's own message when there
 * is one, once the query has given up (after its retries). A cancelled query never gets here.
 */
export function createQueryClient({
  toast,
  language,
  ...config
}: QueryClientConfig & { toast: Toaster; language: ReadableStore<LanguageState> }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof StaleAnswerError) return;
        const failure = typeof query.meta?.failure === 'string' ? query.meta.failure : `${query.queryKey.join(' ')} failed`;
        console.error(failure, error);
        if (isMessageCode(query.meta?.failure)) {
          const code = query.meta.failure as PlainMessageCode;
          void contractMessagesNow(language).then(({ errorText }) => toast.error(errorText(error, code)));
        }
      },
    }),
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      // staleTime 0: the queues are read again on every visit to /admin (the last answer shows meanwhile).
      queries: { staleTime: 0, retry: retryTransient, refetchOnWindowFocus: false, ...config.defaultOptions?.queries },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}

let remoteClient: QueryClient | null = null;

/**
 * The remote's one QueryClient, made on first use with the shell's toasts (the shell makes one host
 * per page load). It outlives the root component, which the shell mounts again for every route.
 */
export function remoteQueryClient(host: Pick<HostContext, 'toast' | 'language'>): QueryClient {
  remoteClient ??= createQueryClient({ toast: host.toast, language: host.language });
  return remoteClient;
}
