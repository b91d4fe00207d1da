import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient, type Recheck } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';

/** What an admin narrows the re-checks to: a part of the business's name, why it is there. */
export interface RechecksFilter extends QueueSearch {
  reason?: Recheck['reason'];
}

/** GET /api/admin/rechecks, page after page. */
export function getRechecksQueryOptions(api: ApiClient, filter: RechecksFilter = {}) {
  return queueQueryOptions({
    base: adminKeys.rechecks(),
    filter,
    failure: 'loadRechecksFailed',
    readPage: (query) => api.callPage('rechecks', { query }),
  });
}

export function useRechecks(filter: RechecksFilter = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getRechecksQueryOptions(api, filter), ...options });
}
