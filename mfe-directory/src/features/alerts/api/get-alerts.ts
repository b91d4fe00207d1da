import { queryOptions } from '@tanstack/react-query';
import type { Alert, ApiClient } from '@zaytoon/contract/client';

export const alertKeys = { mine: ['alerts', 'mine'] as const };

/** The member's alerts (issue #16 point 5), oldest first. */
export function alertsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: alertKeys.mine, queryFn: (): Promise<Alert[]> => api.call('listAlerts') });
}
