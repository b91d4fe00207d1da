import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendFreshnessReminder, (payload, { services }) => services.mail.sendFreshnessReminder(payload));
