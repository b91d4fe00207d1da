import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { PlainMessageCode } from '@zaytoon/contract/client';

/** Items read per page of an admin queue ('Load more' reads the next). */
export const ADMIN_QUEUE_PAGE = 20;

/** An admin list paged as CONTRACT.md pages lists: 'Load more' follows the cursor of the Link header. */
export function adminListQueryOptions<Page extends { nextCursor: string | null }>(options: {
  queryKey: readonly string[];
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
