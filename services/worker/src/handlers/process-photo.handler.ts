import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.processPhoto, (payload, { services }) => services.photos.processUpload(payload));
