/** Front-end entry of the contract: typed API client, host bridge types, route table, copy. */
export * from './api-client';
export type { RouteName } from '../route-paths';
export * from './host';
export * from './routes';
export * from '../format';
export type * from './types';
export { LANGUAGE_COOKIE, SIGNED_IN_COOKIE } from '../cookies';
export * from '../i18n/languages';
export { DIRECTORY_LIMITS, MAP_TILES, MAP_ZOOM } from '../directory-limits';
export { BRAND_RULES, isSeededProductType } from '../brand-rules';
export * from './map-tiles';
export { FIRST_LOAD_MESSAGES } from '../first-load-messages';
export { londonWeekMinute, openingStatus, weeklyOpenIntervals, DAY_MINUTES, type OpeningStatus } from '../opening-hours';
export {
  dateOfDay,
  dayNumber,
  londonDateAndMinute,
  minutesOfTime,
  openingStatusAt,
  specialEntriesOn,
  weekdayOfDay,
  type OpeningStatusAt,
  type SpecialHoursEntry,
} from '../opening-hours';
export {
  MESSAGES,
  PARAMETERISED_MESSAGES,
  businessDeletedMessage,
  archivedTitleLine,
  confirmApproveReportMessage,
  confirmDeleteBusinessMessage,
  confirmedByMessage,
  ownerConfirmedLine,
  textTooLongMessage,
  tooManySourcesMessage,
  verificationLine,
  businessesMergedMessage,
  mergeIntoLabel,
  confirmMergeMessage,
} from '../messages';
export {
  LIMITS,
  PAGING,
  PARTNER_KEYS,
  MAP_DEFAULTS,
  WEEKDAYS,
  SOCIAL_NETWORKS,
  REPORT_REASONS,
  RECHECK_REASONS,
  SUGGESTABLE_FIELDS,
  FIELD_LABELS,
  PICTURE_MIME_TYPES,
  TRUST_RULES,
  VERIFICATION_METHODS,
  SOURCE_KINDS,
  SOURCE_RULES,
  CONFIRMATION_ANSWERS,
  REVISION_FIELD_LABELS,
  REVISION_KIND_LABELS,
  OWNER_RULES,
  PHOTO_RULES,
} from '../limits';
export type { RevisionKind, RevisionField } from '../limits';
export type { Weekday, SocialNetwork, ReportReason, SuggestableField, VerificationMethod, ConfirmationAnswer, SourceKind } from '../limits';
export { MESSAGE_CODES, isMessageCode } from '../i18n/message-codes';
export { CONTRACT_CATALOG_LOADERS } from '../i18n/contract-catalogs';
export { CONTRACT_LABELS, contractLabelEntries, inputLabelKey, type LabelTable } from '../i18n/contract-labels';
export type { MessageCode, PlainMessageCode, MessageParams, MessageParamValue, CodedMessage } from '../i18n/message-codes';
