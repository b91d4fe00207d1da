import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient, PausedBusiness } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useMessages } from '../../../i18n/messages';
import { useAdminDecision } from './admin-decision';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/protection: paused businesses, newest pause first, each with its burst's accounts. */
export function getUnusualActivityQueryOptions(api: ApiClient, filter: QueueSearch = {}) {
  return queueQueryOptions({
    base: adminKeys.unusualActivity(),
    filter,
    failure: 'internalError',
    readPage: (query) => api.callPage('pausedBusinesses', { query }),
  });
}

export function useUnusualActivity(filter: QueueSearch = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getUnusualActivityQueryOptions(api, filter), ...options });
}

export type ProtectionAction = 'keep' | 'discard' | 'lift';

const ROUTE_OF = { keep: 'keepBurstVotes', discard: 'discardBurstVotes', lift: 'liftProtection' } as const;
const DONE_OF = { keep: 'unusual.kept', discard: 'unusual.discarded', lift: 'unusual.lifted' } as const;

/** 'Keep the votes', 'Discard the votes' or 'Lift protection'; the lists are read again once it settles. */
export function useProtectionDecision() {
  const { api } = useHost();
  const t = useMessages();
  return useAdminDecision({
    kind: 'protection',
    send: ({ entry, action }: { entry: PausedBusiness; action: ProtectionAction }) => api.call(ROUTE_OF[action], { id: entry.business.id }),
    success: ({ action }) => t(DONE_OF[action]),
    failure: 'internalError',
  });
}
