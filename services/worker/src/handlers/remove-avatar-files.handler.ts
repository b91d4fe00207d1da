import { JOBS } from '@zaytoon/core/jobs/job-definitions.ts';
import { defineHandler } from '../jobs/job-handler.ts';

export default defineHandler(JOBS.removeAvatarFiles, (payload, { services }) => services.avatars.removeFilesOf(payload));
