import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.removeMemberPhotos, (payload, { services }) => services.photos.removeFilesOf(payload));
