import type { Queue } from 'bullmq';
import {
  ALERT_MAIL_SCHEDULE,
  DUPLICATE_SEARCH_SCHEDULE,
  FRESHNESS_REMINDER_SCHEDULE,
  JOBS,
  LINK_CHECK_SCHEDULE,
  OPEN_DATA_SCHEDULER_ID,
  STATISTICS_SCHEDULER_ID,
} from '@zaytoon/core';

/** Jobs run by the calendar (cron pattern and time zone), each with an empty payload. */
const CALENDAR_JOBS = [
  { definition: JOBS.checkAllSourceLinks, schedule: LINK_CHECK_SCHEDULE },
  { definition: JOBS.sendFreshnessReminders, schedule: FRESHNESS_REMINDER_SCHEDULE },
  { definition: JOBS.findDuplicatePairs, schedule: DUPLICATE_SEARCH_SCHEDULE },
  { definition: JOBS.sendAlertMails, schedule: ALERT_MAIL_SCHEDULE },
] as const;

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
  for (const { definition: job, schedule } of CALENDAR_JOBS) {
    await queues[job.queue].upsertJobScheduler(
      schedule.id,
      { pattern: schedule.pattern, tz: schedule.tz },
      { name: job.name, data: job.payload.parse({}), opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } } },
    );
  }
}
