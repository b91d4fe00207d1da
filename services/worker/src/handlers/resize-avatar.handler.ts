import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.resizeAvatar, (payload, { services }) => services.avatars.processUpload(payload));
