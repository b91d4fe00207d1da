import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendPasswordChanged, (payload, { services }) => services.mail.sendPasswordChanged(payload));
