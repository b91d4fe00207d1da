import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendAlertMails, async (_payload, { services }) => ({
  queued: await services.alerts.sendDueMails(),
}));
