import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminStatistics, type ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { retryTransient, StaleAnswerError } from '../../../lib/queryClient';
import { isFreshStatistics } from '../adminState';
import { adminKeys } from './keys';
import { adminVisit } from './visit';

/** Statistics older than the last decision are asked for again this many times... */
export const STATISTICS_RETRIES = 5;
/** ...after 400 ms, then twice as long each time (400, 800, 1600, 3200, 6400 ms). */
export const STATISTICS_FIRST_RETRY_MS = 400;
/**
 * Past this, the server's statistics are shown even when computed before the last decision (the
 * worker is late, or the server's clock is behind this one). The retries above take longer.
 */
export const STATISTICS_PATIENCE_MS = 12_000;

/**
 * GET /api/admin/statistics: a rollup the worker refreshes after each change. An answer computed
 * before this visit's last decision would put the old numbers back over the ones the decision
 * adjusted (the cache keeps them meanwhile), so it counts as not ready and is asked for again.
 */
export function getStatisticsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.statistics(),
    queryFn: async ({ client }): Promise<AdminStatistics> => {
      const stats = await api.call('statistics');
      const { changedAt } = adminVisit(client);
      if (isFreshStatistics(stats, changedAt) || Date.now() - changedAt >= STATISTICS_PATIENCE_MS) return stats;
      throw new StaleAnswerError(stats);
    },
    retry: (failureCount, error) => (error instanceof StaleAnswerError ? failureCount < STATISTICS_RETRIES : retryTransient(failureCount, error)),
    retryDelay: (failureCount, error) =>
      error instanceof StaleAnswerError ? STATISTICS_FIRST_RETRY_MS * 2 ** failureCount : Math.min(1000 * 2 ** failureCount, 30_000),
    meta: { failure: 'loadStatisticsFailed' },
  });
}

export function useStatistics() {
  const { api } = useHost();
  return useQuery(getStatisticsQueryOptions(api));
}
