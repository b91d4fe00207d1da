import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.sendEmailConfirmation, (payload, { services }) => services.mail.sendEmailConfirmation(payload));
