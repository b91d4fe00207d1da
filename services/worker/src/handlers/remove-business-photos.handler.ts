import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.removeBusinessPhotos, (payload, { services }) => services.photos.removeFilesOfStems(payload));
