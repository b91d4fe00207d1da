import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { AdminStatistics, StatisticsRepository, StatisticsRollup } from './statistics.repository';

export type StatisticsAnswer = AdminStatistics & { computed_at: string };

/** How often the worker refreshes the rollup on its own (CONTRACT: at most 60 s old). */
export const STATISTICS_REFRESH_EVERY_MS = 30_000;
export const STATISTICS_SCHEDULER_ID = 'refresh-statistics-every-30s';

export class StatisticsService {
  constructor(
    private readonly statistics: StatisticsRepository,
    private readonly jobs?: JobQueueRepository,
  ) {}

  async refresh(): Promise<StatisticsAnswer> {
    return toAnswer(await this.statistics.refresh());
  }

  /** The stored rollup; computed and stored first when there is none yet. */
  async read(): Promise<StatisticsAnswer> {
    return toAnswer((await this.statistics.read()) ?? (await this.statistics.refresh()));
  }

  /** Asks the worker for a refresh soon, after something that changes the numbers. */
  async requestRefresh(reason: string): Promise<void> {
    if (!this.jobs) throw new Error('StatisticsService.requestRefresh needs a JobQueueRepository');
    await this.jobs.enqueue('refreshStatistics', { reason });
  }
}

function toAnswer(rollup: StatisticsRollup): StatisticsAnswer {
  return { ...rollup.statistics, computed_at: rollup.computedAt.toISOString() };
}
