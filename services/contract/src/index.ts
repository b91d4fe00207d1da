export * from './cookies';
export * from './directory-limits';
export * from './limits';
export {
  londonWeekMinute,
  openMinutesMultirange,
  openingStatus,
  parseDayHours,
  weeklyOpenIntervals,
  type MinuteRange,
  type OpeningStatus,
} from './opening-hours';
export * from './first-load-messages';
export * from './i18n/languages';
export * from './messages';
export * from './route-paths';
export * from './routes';
export * from './schemas/common.schema';
export * from './schemas/auth.schema';
export * from './schemas/admin.schema';
export * from './schemas/business.schema';
export * from './schemas/comment.schema';
export * from './schemas/directory.schema';
export * from './schemas/report.schema';
export * from './schemas/revision.schema';
export * from './schemas/source.schema';
export * from './schemas/suggestion.schema';
export * from './schemas/trust.schema';
export * from './schemas/link-check.schema';
export * from './schemas/claim.schema';
export * from './schemas/duplicate.schema';
export * from './schemas/vote.schema';
export { sourceLine, sourcesText } from './format/describe-value';
export { buildOpenApiDocument } from './openapi';
export * from './i18n/message-codes';
export * from './i18n/catalog-check';
