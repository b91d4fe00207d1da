import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.checkSourceLink, (payload, { services }) => services.linkChecks.checkSource(payload.sourceId));
