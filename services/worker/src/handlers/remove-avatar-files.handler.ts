import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.removeAvatarFiles, (payload, { services }) => services.avatars.removeFilesOf(payload));
