import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.geocodeBusiness, (payload, { services }) => services.geocoding.geocodeBusiness(payload));
