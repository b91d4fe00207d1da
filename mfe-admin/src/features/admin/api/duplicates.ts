import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';
import { useAdminDecision } from './admin-decision';

/** GET /api/admin/duplicates, page after page. */
export function getDuplicatePairsQueryOptions(api: ApiClient, filter: QueueSearch = {}) {
  return queueQueryOptions({
    base: adminKeys.duplicates(),
    filter,
    failure: 'loadDuplicatesFailed',
    readPage: (query) => api.callPage('duplicatePairs', { query }),
  });
}

export function useDuplicatePairs(filter: QueueSearch = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getDuplicatePairsQueryOptions(api, filter), ...options });
}

interface Named {
  id: number;
  name: string;
}

/** 'Merge into <A>': B's votes, comments, suggestions, reports, sources, confirmations, verifications, photos, history and tags move to A (never its owner), and B is removed. */
export function useMergeBusinesses() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'merge-businesses',
    send: ({ into, from }: { into: Named; from: Named }) => api.call('mergeBusiness', { id: into.id, body: { from: from.id } }),
    success: ({ into, from }, message) => message('businessesMerged', { from: from.name, into: into.name }),
    failure: 'mergeBusinessesFailed',
  });
}

/** 'Not duplicates': the pair leaves the list for good. */
export function useDismissDuplicate() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'dismiss-duplicate',
    send: (pairId: number) => api.call('dismissDuplicate', { id: pairId }),
    success: (_pairId, message) => message('pairDismissed'),
    failure: 'dismissDuplicateFailed',
  });
}
