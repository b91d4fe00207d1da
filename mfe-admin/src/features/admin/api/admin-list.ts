import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { PlainMessageCode } from '@zaytoon/contract/client';

/** Items read per page of an admin queue ('Load more' reads the next). */
export const ADMIN_QUEUE_PAGE = 20;

/** An admin list paged as CONTRACT.md pages lists: 'Load more' follows the cursor of the Link header. */
export function adminListQueryOptions<Page extends { nextCursor: string | null }>(options: {
  queryKey: readonly unknown[];
  failure: PlainMessageCode;
  /** The page after `cursor` (the first page without one). */
  readPage: (cursor: string | undefined, client: QueryClient) => Promise<Page>;
}) {
  return infiniteQueryOptions({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, client }) => options.readPage(pageParam, client),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { failure: options.failure },
  });
}

/**
 * How a tab reads its queue. The panel reads the whole queues on each visit (for the tabs' counts), so a tab showing a
 * whole queue does not read it again when it opens (`refetchOnMount: false`); a narrowed one reads its own.
 */
export interface QueueReadOptions {
  refetchOnMount?: boolean;
}

/** Whether a filter narrows its queue. */
export const narrows = (filter: object): boolean => Object.keys(setParts(filter)).length > 0;

/** The filter's set parts, as a queue's query parameters. */
export const setParts = <Filter extends object>(filter: Filter): Partial<Filter> =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as Partial<Filter>;

/** A queue's key: the whole queue's own, or under it the queue narrowed by the filter's set parts. */
export function queueKey<Base extends readonly string[], Filter extends object>(base: Base, filter: Filter): readonly unknown[] {
  const set = setParts(filter);
  return Object.keys(set).length === 0 ? base : [...base, set];
}

/** What every admin queue can be narrowed to: a part of a business's name. */
export interface QueueSearch {
  search?: string;
}

/**
 * A queue's query options narrowed by `filter`: its key under the whole queue's, and each page read with the filter's
 * set parts as query parameters beside the page's limit and cursor.
 */
export function queueQueryOptions<Filter extends object, Page extends { nextCursor: string | null }>(options: {
  base: readonly string[];
  filter: Filter;
  failure: PlainMessageCode;
  readPage: (query: { limit: number; cursor: string | undefined } & Partial<Filter>, client: QueryClient) => Promise<Page>;
}) {
  return adminListQueryOptions({
    queryKey: queueKey(options.base, options.filter),
    failure: options.failure,
    readPage: (cursor, client) => options.readPage({ limit: ADMIN_QUEUE_PAGE, cursor, ...setParts(options.filter) }, client),
  });
}
