import { JOBS } from '@zaytoon/core';
import { defineHandler } from '../jobs/job-handler';

export default defineHandler(JOBS.approveReportCascade, (payload, { services }) => services.moderation.approveReportCascade(payload));
