/**
 * Types the front-ends use, inferred from the contract's zod schemas.
 * Type-only imports: nothing from zod reaches the browser bundles.
 * TODO: switch to `import type { ... } from '@zaytoon/contract'` once src/index.ts re-exports them.
 */
export type { User, LoginInput, SignupInput } from '../schemas/auth.schema';
export type { Business, BusinessDetail, BusinessInput, CanEdit, CoverPhoto, Protection } from '../schemas/business.schema';
export type { SpecialHoursInput } from '../schemas/business.schema';
export type { Source, SourceInput } from '../schemas/source.schema';
export type {
  BusinessListQuery,
  CityCount,
  CityListQuery,
  CityGroups,
  DirectoryFilter,
  DirectorySummary,
  MapBusiness,
  MapCluster,
  MapMore,
  MapTile,
  MapTileParams,
  MapTileQuery,
  MapVersion,
} from '../schemas/directory.schema';
export type { VoteSummary, VoteResult, VoteType } from '../schemas/vote.schema';
export type { Comment } from '../schemas/comment.schema';
export type { AdminPhoto, Photo, PhotoSize } from '../schemas/photo.schema';
export type { Suggestion, SuggestionInput } from '../schemas/suggestion.schema';
export type { Report, ReporterRecord, ReportInput, ReviewAction } from '../schemas/report.schema';
export type { Revision } from '../schemas/revision.schema';
export type { AdminStatistics } from '../schemas/admin.schema';
export type { BrokenLink, LinkStatus } from '../schemas/link-check.schema';
export type { Claim, ClaimInput, ClaimReceipt, ConfirmListingResult } from '../schemas/claim.schema';
export type { Alert, AlertInput } from '../schemas/alert.schema';
export type { Brand, BrandInput, BrandSummary, BusinessProducts, BusinessProductsInput, ProductType } from '../schemas/brand.schema';
export type { DuplicateCandidate, DuplicatePair, MergeResult } from '../schemas/duplicate.schema';
export type { PausedBusiness, ProtectionDecision } from '../schemas/protection.schema';
export type { IssuedPartnerKey, IssuePartnerKeyInput, PartnerKey, PartnerSubmission } from '../schemas/partner.schema';
export type { ConfirmationSummary, Recheck, Verification, VerificationRecord, VerificationStatus, VerifyInput } from '../schemas/trust.schema';
export type { ErrorResponse, FieldCode } from '../schemas/common.schema';
