import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { PAGING, type ApiClient, type Comment, type ListPage } from '@zaytoon/contract/client';
import { businessKeys } from './keys';

/** The pages of a business's comments read so far, as the query cache holds them. */
export type CommentPages = InfiniteData<ListPage<Comment>>;

/**
 * A business's comments, newest first (the API's order), one page at a time: the page shows the first, and
 * 'Load more comments' reads the next. The first page's address is the one the shell's early read asks for.
 */
export function getCommentsQueryOptions(api: ApiClient, id: number) {
  return infiniteQueryOptions({
    queryKey: businessKeys.comments(id),
    queryFn: ({ pageParam, signal }) => api.callPage('listComments', { id, query: { limit: PAGING.commentsPage, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Every comment read so far, newest first, and the total the API counts. */
export function commentsOf(data: CommentPages | undefined): { items: Comment[]; total: number } {
  return { items: data?.pages.flatMap((page) => page.items) ?? [], total: data?.pages[0]?.total ?? 0 };
}
