import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.checkAllSourceLinks, async (_payload, { services }) => ({ queued: await services.links.requestAllChecks() }));
