import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, PausedBusiness } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useErrorText } from '@zaytoon/web-kit/contract-messages';
import { useMessages } from '../../../i18n/messages';
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
  const { api, toast } = useHost();
  const t = useMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision('protection'),
    mutationFn: ({ entry, action }: { entry: PausedBusiness; action: ProtectionAction }) => api.call(ROUTE_OF[action], { id: entry.business.id }),
    onSuccess: (_answer, { action }) => toast.success(t(DONE_OF[action])),
    onError: (error) => {
      console.error('protection decision failed', error);
      toast.error(errorText(error, 'internalError'));
    },
    onSettled: () => {
      if (client.isMutating({ mutationKey: adminKeys.decisions }) > 1) return;
      void client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
