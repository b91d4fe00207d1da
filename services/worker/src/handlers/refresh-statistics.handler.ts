import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

// Also moves the directory rollups' verification cut-off: it changes once a day, and reads correct for the days since.
export default defineHandler(JOBS.refreshStatistics, async (_payload, { services }) => {
  await services.directoryRollups.advanceVerificationCutoff();
  const statistics = await services.statistics.refresh();
  return { computed_at: statistics.computed_at };
});
