import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.buildOpenData, async (_payload, { services }) => ({ outcome: await services.openData.rebuildIfChanged() }));
