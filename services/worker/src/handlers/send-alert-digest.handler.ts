import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendAlertDigest, (payload, { services }) => services.mail.sendAlertDigest(payload, services.alertTokens));
