import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PlainMessageCode } from '@zaytoon/contract/client';

/** An admin list paged as CONTRACT.md pages lists: 'Load more' follows the cursor of the Link header. */
export function adminListQueryOptions<Page extends { nextCursor: string | null }>(options: {
  queryKey: readonly string[];
  failure: PlainMessageCode;
  /** The page after `cursor` (the first page without one). */
  readPage: (cursor: string | undefined) => Promise<Page>;
}) {
  return infiniteQueryOptions({
    queryKey: options.queryKey,
    queryFn: ({ pageParam }) => options.readPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { failure: options.failure },
  });
}
