import type { JobHandlers } from '../jobs/handler-registry';
import approveReportCascade from './approve-report-cascade.handler';
import buildOpenData from './build-open-data.handler';
import checkAllSourceLinks from './check-all-source-links.handler';
import checkSourceLink from './check-source-link.handler';
import findDuplicatePairs from './find-duplicate-pairs.handler';
import geocodeBusiness from './geocode-business.handler';
import processPhoto from './process-photo.handler';
import refreshStatistics from './refresh-statistics.handler';
import removeAvatarFiles from './remove-avatar-files.handler';
import removeMemberPhotos from './remove-member-photos.handler';
import removeBusinessPhotos from './remove-business-photos.handler';
import resizeAvatar from './resize-avatar.handler';
import sendAccountDeleted from './send-account-deleted.handler';
import sendAlertDigest from './send-alert-digest.handler';
import sendAlertMails from './send-alert-mails.handler';
import sendEmailConfirmation from './send-email-confirmation.handler';
import sendFreshnessReminder from './send-freshness-reminder.handler';
import sendFreshnessReminders from './send-freshness-reminders.handler';
import sendPasswordChanged from './send-password-changed.handler';
import sendPauseNotice from './send-pause-notice.handler';
import sendResetCode from './send-reset-code.handler';

/**
 * Every job handler the worker runs, under its job's key in JOBS. A static map, not a folder scan, so the
 * bundle (dist/main.js) carries them, and a job added without its handler fails to compile.
 */
export const HANDLERS = {
  approveReportCascade,
  buildOpenData,
  checkAllSourceLinks,
  checkSourceLink,
  findDuplicatePairs,
  geocodeBusiness,
  processPhoto,
  refreshStatistics,
  removeAvatarFiles,
  removeMemberPhotos,
  removeBusinessPhotos,
  resizeAvatar,
  sendAccountDeleted,
  sendAlertDigest,
  sendAlertMails,
  sendEmailConfirmation,
  sendFreshnessReminder,
  sendFreshnessReminders,
  sendPasswordChanged,
  sendPauseNotice,
  sendResetCode,
} satisfies JobHandlers;
