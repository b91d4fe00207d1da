/**
 * Types the front-ends use, inferred from the contract's zod schemas.
 * Type-only imports: nothing from zod reaches the browser bundles.
 * TODO: switch to `import type { ... } from '@zaytoon/contract'` once src/index.ts re-exports them.
 */
export type { User, LoginInput, SignupInput } from '../schemas/auth.schema.js';
export type { Business, BusinessInput, CanEdit } from '../schemas/business.schema.js';
export type {
  BusinessListQuery,
  CityCount,
  CityGroups,
  DirectoryFilter,
  DirectorySummary,
  MapAnswer,
  MapBusiness,
  MapCluster,
  MapQuery,
} from '../schemas/directory.schema.js';
export type { VoteSummary, VoteResult, VoteType } from '../schemas/vote.schema.js';
export type { Comment } from '../schemas/comment.schema.js';
export type { Suggestion, SuggestionInput } from '../schemas/suggestion.schema.js';
export type { Report, ReportInput, ReviewAction } from '../schemas/report.schema.js';
export type { AdminStatistics } from '../schemas/admin.schema.js';
export type { ErrorResponse } from '../schemas/common.schema.js';
