import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendResetCode, (payload, { services }) => services.mail.sendResetCode(payload));
