import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.refreshStatistics, async (_payload, { services }) => {
  const statistics = await services.statistics.refresh();
  return { computed_at: statistics.computed_at };
});
