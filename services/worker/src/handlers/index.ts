import type { JobHandlers } from '../jobs/handler-registry.ts';
import approveReportCascade from './approve-report-cascade.handler.ts';
import geocodeBusiness from './geocode-business.handler.ts';
import refreshStatistics from './refresh-statistics.handler.ts';
import removeAvatarFiles from './remove-avatar-files.handler.ts';
import resizeAvatar from './resize-avatar.handler.ts';
import sendAccountDeleted from './send-account-deleted.handler.ts';
import sendPasswordChanged from './send-password-changed.handler.ts';
import sendResetCode from './send-reset-code.handler.ts';

/**
 * Every job handler the worker runs, under its job's key in JOBS. A static map, not a folder scan, so the
 * bundle (dist/main.js) carries them, and a job added without its handler fails to compile.
 */
export const HANDLERS = {
  approveReportCascade,
  geocodeBusiness,
  refreshStatistics,
  removeAvatarFiles,
  resizeAvatar,
  sendAccountDeleted,
  sendPasswordChanged,
  sendResetCode,
} satisfies JobHandlers;
