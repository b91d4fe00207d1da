import type { Queue } from 'bullmq';
import {
  OPEN_DATA_SCHEDULER_ID,
  DUPLICATE_SEARCH_SCHEDULE,
  FRESHNESS_REMINDER_SCHEDULE,
  JOBS,
  LINK_CHECK_SCHEDULE,
  STATISTICS_SCHEDULER_ID,
} from '@zaytoon/core';

/**
 * Repeating jobs. Upserting is idempotent, so every worker registers them at boot and two
 * workers never double the schedule.
 */
export async function registerSchedules(
  queues: Record<string, Queue>,
  options: { statisticsEveryMs: number; openDataEveryMs: number },
): Promise<void> {
  const definition = JOBS.refreshStatistics;
  await queues[definition.queue].upsertJobScheduler(
    STATISTICS_SCHEDULER_ID,
    { every: options.statisticsEveryMs },
    {
      name: definition.name,
      data: definition.payload.parse({ reason: 'schedule' }),
      // A missed tick is replaced by the next one: no point retrying or keeping many.
      opts: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } },
    },
  );
  const openData = JOBS.buildOpenData;
  await queues[openData.queue].upsertJobScheduler(
    OPEN_DATA_SCHEDULER_ID,
    { every: options.openDataEveryMs },
    { name: openData.name, data: openData.payload.parse({}), opts: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } } },
  );
  const linkChecks = JOBS.checkAllSourceLinks;
  await queues[linkChecks.queue].upsertJobScheduler(
    LINK_CHECK_SCHEDULE.id,
    { pattern: LINK_CHECK_SCHEDULE.pattern, tz: LINK_CHECK_SCHEDULE.tz },
    { name: linkChecks.name, data: linkChecks.payload.parse({}), opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } } },
  );
  const reminders = JOBS.sendFreshnessReminders;
  await queues[reminders.queue].upsertJobScheduler(
    FRESHNESS_REMINDER_SCHEDULE.id,
    { pattern: FRESHNESS_REMINDER_SCHEDULE.pattern, tz: FRESHNESS_REMINDER_SCHEDULE.tz },
    { name: reminders.name, data: reminders.payload.parse({}), opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } } },
  );
  const duplicateSearch = JOBS.findDuplicatePairs;
  await queues[duplicateSearch.queue].upsertJobScheduler(
    DUPLICATE_SEARCH_SCHEDULE.id,
    { pattern: DUPLICATE_SEARCH_SCHEDULE.pattern, tz: DUPLICATE_SEARCH_SCHEDULE.tz },
    {
      name: duplicateSearch.name,
      data: duplicateSearch.payload.parse({}),
      opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } },
    },
  );
}
