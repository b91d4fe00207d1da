import { useInfiniteQuery } from '@tanstack/react-query';
import type { DirectoryFilter } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { nearParam, type NearPoint } from '../near-point';

/** Rows per page of the list near a point. */
export const NEARBY_PAGE_SIZE = 20;

/**
 * The list near a point, nearest first (GET /api/businesses?near=), page after page as the visitor asks for more;
 * without a point, in the directory's order.
 */
export function useNearbyBusinesses(filter: DirectoryFilter, near: NearPoint | null) {
  const { api } = useHost();
  const point = near ? nearParam(near) : undefined;
  // Admins' rows carry report counts: the viewer is part of the key, as in the directory's other keys.
  const viewer = useSession((state) => state.user?.id ?? null);
  return useInfiniteQuery({
    queryKey: ['directory', 'nearby', filter, point, { viewer }],
    queryFn: ({ pageParam, signal }) =>
      api.callPage('listBusinesses', { query: { ...filter, near: point, limit: NEARBY_PAGE_SIZE, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
