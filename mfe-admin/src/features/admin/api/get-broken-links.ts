import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/links/broken, page after page. */
export function getBrokenLinksQueryOptions(api: ApiClient, filter: QueueSearch = {}) {
  return queueQueryOptions({
    base: adminKeys.brokenLinks(),
    filter,
    failure: 'loadBrokenLinksFailed',
    readPage: (query) => api.callPage('brokenLinks', { query }),
  });
}

export function useBrokenLinks(filter: QueueSearch = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getBrokenLinksQueryOptions(api, filter), ...options });
}
