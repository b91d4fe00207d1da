import { queryOptions } from '@tanstack/react-query';
import type { Alert, ApiClient } from '@zaytoon/contract/client';

export const alertKeys = { mine: ['alerts', 'mine'] as const };

/** The member's alerts, oldest first. */
export function alertsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: alertKeys.mine, queryFn: (): Promise<Alert[]> => api.call('listAlerts') });
}
