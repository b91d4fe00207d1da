import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendFreshnessReminders, async (_payload, { services }) => ({
  queued: await services.freshness.sendDueReminders(),
}));
