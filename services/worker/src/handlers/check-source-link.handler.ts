import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.checkSourceLink, (payload, { services, signal }) =>
  services.linkChecks.checkSource(payload.sourceId, signal, payload.list),
);
