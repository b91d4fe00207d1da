import type { JobHandler } from '../jobs/job-handler.ts';
import approveReportCascade from './approve-report-cascade.handler.ts';
import geocodeBusiness from './geocode-business.handler.ts';
import refreshStatistics from './refresh-statistics.handler.ts';
import removeAvatarFiles from './remove-avatar-files.handler.ts';
import resizeAvatar from './resize-avatar.handler.ts';
import sendAccountDeleted from './send-account-deleted.handler.ts';
import sendPasswordChanged from './send-password-changed.handler.ts';
import sendResetCode from './send-reset-code.handler.ts';

/**
 * Every job handler the worker runs. A static list, not a folder scan, so the bundle (dist/main.js)
 * carries them; a handler left out fails the boot check (buildHandlerRegistry) and handler-registry.test.ts.
 */
export const HANDLERS: readonly JobHandler[] = [
  approveReportCascade,
  geocodeBusiness,
  refreshStatistics,
  removeAvatarFiles,
  resizeAvatar,
  sendAccountDeleted,
  sendPasswordChanged,
  sendResetCode,
];
