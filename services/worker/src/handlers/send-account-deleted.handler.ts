import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendAccountDeleted, (payload, { services }) => services.mail.sendAccountDeleted(payload));
