import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendPauseNotice, (payload, { services }) => services.mail.sendPauseNotice(payload));
