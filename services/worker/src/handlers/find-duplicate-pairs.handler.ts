import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.findDuplicatePairs, (_payload, { services }) => services.duplicateSearch.findAllPairs());
