/** Front-end entry of the contract: typed API client, host bridge types, route table, copy. */
export * from './api-client.js';
export * from './host.js';
export * from './routes.js';
export type * from './types.js';
export { SIGNED_IN_COOKIE } from '../cookies.js';
export { MESSAGES, businessDeletedMessage, confirmApproveReportMessage, confirmDeleteBusinessMessage } from '../messages.js';
export {
  LIMITS,
  PAGING,
  MAP_ZOOM,
  MAP_DEFAULTS,
  WEEKDAYS,
  SOCIAL_NETWORKS,
  REPORT_REASONS,
  SUGGESTABLE_FIELDS,
  FIELD_LABELS,
  PICTURE_MIME_TYPES,
} from '../limits.js';
export type { Weekday, SocialNetwork, ReportReason, SuggestableField } from '../limits.js';
