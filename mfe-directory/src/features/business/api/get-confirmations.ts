import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@zaytoon/contract/client';
import { businessKeys } from './keys';

/** 'Still open and still supportive?': members' confirmations, and the viewer's own answer. */
export function getConfirmationsQueryOptions(api: ApiClient, id: number, viewer: number | null) {
  return queryOptions({
    queryKey: businessKeys.confirmations(id, viewer),
    queryFn: () => api.call('confirmationSummary', { id }),
  });
}
