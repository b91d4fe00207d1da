import { z } from 'zod';
import type { PlainMessageCode } from './i18n/message-codes';
import { ROUTE_PATHS, type Method, type RouteName } from './route-paths';
import { OPEN_DATA_MEDIA_TYPES } from './open-data';
import { MAP_TILES } from './directory-limits';
import { EMAIL_CONFIRMATION_RULES } from './limits';

export type { Method, RouteName };
import {
  adminStatusSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  pictureResponseSchema,
  resetPasswordInputSchema,
  signupInputSchema,
  userSchema,
  languageInputSchema,
  recoveryCodesSchema,
  totpDisableInputSchema,
  totpEnableInputSchema,
  totpSetupSchema,
  confirmEmailInputSchema,
} from './schemas/auth.schema';
import { adminStatisticsSchema } from './schemas/admin.schema';
import {
  businessDetailSchema,
  businessInputSchema,
  businessSchema,
  canEditSchema,
  categoriesSchema,
  citiesSchema,
  specialHoursInputSchema,
} from './schemas/business.schema';
import { commentInputSchema, commentSchema } from './schemas/comment.schema';
import { adminPhotoSchema, photoInputSchema, photoReportInputSchema, photoSchema } from './schemas/photo.schema';
import {
  businessListQuerySchema,
  cityListQuerySchema,
  postcodeCentreQuerySchema,
  postcodeCentreSchema,
  cityGroupsSchema,
  directoryFilterSchema,
  directorySummarySchema,
  mapTileParamsSchema,
  mapTileQuerySchema,
  mapTileSchema,
  mapVersionSchema,
  pagedList,
} from './schemas/directory.schema';
import { okResponse } from './schemas/common.schema';
import {
  pendingReportsQuerySchema,
  reportedBusinessesQuerySchema,
  reportInputSchema,
  reportSchema,
  reviewActionSchema,
  searchedQueueQuerySchema,
} from './schemas/report.schema';
import { redactRevisionInputSchema, revisionSchema } from './schemas/revision.schema';
import { pendingSuggestionsQuerySchema, suggestionInputSchema, suggestionSchema } from './schemas/suggestion.schema';
import {
  confirmationInputSchema,
  confirmationSummarySchema,
  recheckSchema,
  rechecksQuerySchema,
  unverifyInputSchema,
  verificationRecordSchema,
  verifyInputSchema,
} from './schemas/trust.schema';
import { brokenLinkSchema } from './schemas/link-check.schema';
import { claimInputSchema, claimReceiptSchema, claimSchema, confirmListingInputSchema, confirmListingResultSchema } from './schemas/claim.schema';
import {
  duplicateCandidateSchema,
  duplicateCheckQuerySchema,
  duplicatePairSchema,
  mergeInputSchema,
  mergeResultSchema,
  mergedBusinessErrorSchema,
} from './schemas/duplicate.schema';
import { alertInputSchema, alertSchema, alertUnsubscribeQuerySchema } from './schemas/alert.schema';
import { voteInputSchema, voteResultSchema, voteSummarySchema } from './schemas/vote.schema';
import { pausedBusinessSchema, protectionDecisionSchema } from './schemas/protection.schema';
import {
  changesPageSchema,
  changesQuerySchema,
  issuedPartnerKeySchema,
  issuePartnerKeyInputSchema,
  partnerKeySchema,
  partnerKeyStatusSchema,
  partnerSubmissionSchema,
} from './schemas/partner.schema';
import {
  brandInputSchema,
  brandListQuerySchema,
  brandSchema,
  brandSlugParamsSchema,
  brandSummarySchema,
  businessAlternativesInputSchema,
  businessProductsInputSchema,
  businessProductsSchema,
  productTypeInputSchema,
  productTypeSchema,
} from './schemas/brand.schema';

export type Access = 'public' | 'user' | 'admin' | 'partner';
export type SuccessStatus = 200 | 201;

/** The status a route answers on success (its `status`, else 200). */
export const successStatus = (definition: { status?: SuccessStatus }): SuccessStatus => definition.status ?? 200;

/** The groups the routes fall into, in reading order; OpenAPI lists them as its tags. */
export const API_TAGS = {
  auth: 'Accounts and sessions: sign up, sign in and out, the current user, passwords, the second factor (TOTP), profile picture, account deletion, email confirmation.',
  businesses: 'The directory: list, search and filters, totals, cities, the map, categories, business detail, adding and editing a business.',
  community:
    "What people add to a business: votes, comments, suggested edits, reports, members' answers to 'Still open and still supportive?', owner claims and owners' 'Everything is still accurate'.",
  alerts:
    "A member's alerts, 'Email me new businesses like these': saved /browse filters mailed daily with the businesses added since the last mail, and the mails' one-click unsubscribe.",
  openData:
    "Open data: every listed business's public fields as CSV and GeoJSON, under the Open Database License; rebuilt at most every 10 minutes after changes, answered with ETag and Last-Modified.",
  partners: 'For partner apps, under /api/v1 (a promise: fields are only ever added): change-only sync of the listed businesses.',
  brands:
    "Brands and alternatives: the boycotted brands admins keep, with their reasons and sources; the businesses tagged 'Alternative to <brand>' by their owners, admins or approved suggestions; the Palestinian product types a business stocks.",
  admin:
    'Admins only: statistics, pending reports and suggestions and their review, deleting a business, verifications, re-checks, broken links, owner claims, possible duplicates and merges, unusual activity (paused businesses).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

export interface RouteDefinition {
  method: Method;
  /** Express-style path below /api, e.g. `/businesses/:id`. */
  path: string;
  access: Access;
  tag: ApiTag;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** For a path whose parameters are not ids (`/businesses/map/:z/:x/:y`): their schema (a 400 with its messages). */
  params?: z.ZodType;
  multipart?: boolean;
  response: z.ZodType;
  /** The status of a successful answer: 201 where the call creates something; 200 when left out. The route table sends it. */
  status?: SuccessStatus;
  /** Headers the answer carries besides the body (OpenAPI says so). */
  responseHeaders?: Record<string, string>;
  /** Public reads whose answers are the same for every visitor: shared caches may keep them (CACHE_CONTROL.publicAnswer). */
  cacheable?: boolean;
  /** For a path with an id (`:id`, `:commentId`): the 404's detail when the id names nothing, malformed ids included. */
  notFound?: PlainMessageCode;
  /** For a path with a second id (`/businesses/:id/revisions/:revisionId`): the 404's detail when it names nothing. */
  secondNotFound?: PlainMessageCode;
  /** A route that answers a redirect instead of JSON (OpenAPI documents a 301 with its Location, no 200). */
  redirect?: string;
  /** A 404 whose body says more than CONTRACT's `{detail}` (OpenAPI documents it). */
  notFoundResponse?: { description: string; schema: z.ZodType };
  /** When the route may answer 423 Locked: what locks it (OpenAPI documents it). */
  locked?: string;
  /** A route that answers a stored file (its media type), not JSON: ETag, Last-Modified, 304, gzip when accepted. */
  download?: { mediaType: string; description: string };
}

const route = <const Definition extends RouteDefinition>(definition: Definition) => definition;

const PAUSED_FOR_NEW_ACCOUNTS =
  "The business is paused (`protection` in its detail) and the account is newer than the protection's age limit (7 days unless set otherwise): new accounts may not vote, comment or answer on it until an admin lifts it";

/** Every call of SPEC §7. The API mounts a handler for each; OpenAPI and the admin-route test read this list. */
export const API_ROUTES = {
  me: route({ ...ROUTE_PATHS.me, access: 'user', tag: 'auth', summary: 'Current user', response: userSchema }),
  setLanguage: route({
    ...ROUTE_PATHS.setLanguage,
    access: 'user',
    tag: 'auth',
    summary: "Choose the member's language for the site and its mails",
    body: languageInputSchema,
    response: userSchema,
  }),
  login: route({
    ...ROUTE_PATHS.login,
    access: 'public',
    tag: 'auth',
    summary: 'Sign in. Once TOTP is on, the right password without `totp_code` answers 401 with code `totpRequired`',
    body: loginInputSchema,
    response: userSchema,
  }),
  signup: route({
    ...ROUTE_PATHS.signup,
    status: 201,
    access: 'public',
    tag: 'auth',
    summary: 'Create an account and sign in',
    body: signupInputSchema,
    response: userSchema,
  }),
  logout: route({ ...ROUTE_PATHS.logout, access: 'public', tag: 'auth', summary: 'Sign out', response: okResponse }),
  adminStatus: route({
    ...ROUTE_PATHS.adminStatus,
    access: 'public',
    tag: 'auth',
    summary: 'Whether the caller is an admin',
    response: adminStatusSchema,
  }),
  forgotPassword: route({
    ...ROUTE_PATHS.forgotPassword,
    access: 'public',
    tag: 'auth',
    summary: 'Mail a reset code (same answer whether or not the account exists)',
    body: forgotPasswordInputSchema,
    response: okResponse,
  }),
  resetPassword: route({
    ...ROUTE_PATHS.resetPassword,
    access: 'public',
    tag: 'auth',
    summary: 'Reset the password with a mailed code',
    body: resetPasswordInputSchema,
    response: okResponse,
  }),
  changePassword: route({
    ...ROUTE_PATHS.changePassword,
    access: 'user',
    tag: 'auth',
    summary: 'Change the password',
    body: changePasswordInputSchema,
    response: okResponse,
  }),
  uploadProfilePicture: route({
    ...ROUTE_PATHS.uploadProfilePicture,
    access: 'user',
    tag: 'auth',
    summary: 'Upload a profile picture (multipart field `file`)',
    multipart: true,
    response: pictureResponseSchema,
  }),
  deleteAccount: route({ ...ROUTE_PATHS.deleteAccount, access: 'user', tag: 'auth', summary: 'Delete the own account', response: okResponse }),
  totpSetup: route({
    ...ROUTE_PATHS.totpSetup,
    access: 'user',
    tag: 'auth',
    summary: 'Start turning on a second factor (TOTP, RFC 6238): a new secret, confirmed by totpEnable; 409 when it is on',
    response: totpSetupSchema,
  }),
  totpEnable: route({
    ...ROUTE_PATHS.totpEnable,
    access: 'user',
    tag: 'auth',
    summary: "Turn TOTP on with a current code of the setup's secret: answers ten single-use recovery codes, once; ends the member's other sessions",
    body: totpEnableInputSchema,
    response: recoveryCodesSchema,
  }),
  totpDisable: route({
    ...ROUTE_PATHS.totpDisable,
    access: 'user',
    tag: 'auth',
    summary: 'Turn TOTP off: needs the password and a current code (or a recovery code); the recovery codes go with it',
    body: totpDisableInputSchema,
    response: okResponse,
  }),
  confirmEmail: route({
    ...ROUTE_PATHS.confirmEmail,
    access: 'public',
    tag: 'auth',
    summary:
      `Confirm a member's email address with the mailed link's token (single use, ${EMAIL_CONFIRMATION_RULES.linkValidHours} hours): the token is the ` +
      "authority, no session. The link's page posts it on the member's click, so a mail scanner's GET confirms nothing",
    body: confirmEmailInputSchema,
    response: okResponse,
  }),
  resendEmailConfirmation: route({
    ...ROUTE_PATHS.resendEmailConfirmation,
    access: 'user',
    tag: 'auth',
    summary: 'Mail the signed-in member a new link that confirms their email address (it replaces the unused ones); 409 once it is confirmed',
    response: okResponse,
  }),

  listBusinesses: route({
    ...ROUTE_PATHS.listBusinesses,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: 'One page of businesses: ranked when searching (relevance, name, id), else by name then id. Follow Link rel="next" for the next page.',
    query: businessListQuerySchema,
    response: z.array(businessSchema),
    responseHeaders: {
      'X-Total-Count': 'all businesses matching the filters',
      Link: '<url>; rel="next" while more pages remain (keyset cursor: deep pages cost the same as the first)',
    },
  }),
  // Registered before /businesses/:id so that these names are never read as ids.
  directorySummary: route({
    ...ROUTE_PATHS.directorySummary,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: 'Totals for the count line, stat tiles and Location Summary, for the filters',
    query: directoryFilterSchema,
    response: directorySummarySchema,
  }),
  cityGroups: route({
    ...ROUTE_PATHS.cityGroups,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: "Each city and its count for the filters (A-Z, case-insensitive); a city's businesses come from the list with city=",
    query: directoryFilterSchema,
    response: cityGroupsSchema,
  }),
  mapVersion: route({
    ...ROUTE_PATHS.mapVersion,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: "The map's version: bumped by every change that can alter a tile; tile URLs carry it as v",
    response: mapVersionSchema,
  }),
  mapTile: route({
    ...ROUTE_PATHS.mapTile,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary:
      'One XYZ map tile (Web Mercator, 256 px) for the filters: clusters of a 4 x 4 grid of cells up to zoom 16, then single businesses ' +
      `(spread apart when they share a point), at most ${MAP_TILES.businessesPerTile} with a 'more' marker beyond. With v = the current ` +
      'version it answers Cache-Control: public, max-age=31536000, immutable',
    params: mapTileParamsSchema,
    query: mapTileQuerySchema,
    response: mapTileSchema,
    responseHeaders: { 'Cache-Control': 'long and immutable when v is the current map version, a few seconds otherwise' },
  }),
  duplicateCheck: route({
    ...ROUTE_PATHS.duplicateCheck,
    access: 'user',
    tag: 'businesses',
    summary:
      "Adding a business: up to 3 listed businesses it may duplicate (similar name, within 500 m or the same postcode), likeliest first ('This may already be listed')",
    query: duplicateCheckQuerySchema,
    response: z.array(duplicateCandidateSchema),
  }),
  categories: route({
    ...ROUTE_PATHS.categories,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: 'Categories in use',
    response: categoriesSchema,
  }),
  cities: route({
    ...ROUTE_PATHS.cities,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: 'Cities in use, A-Z; with search or limit, the first matches (the city filter asks for a few at a time)',
    query: cityListQuerySchema,
    response: citiesSchema,
  }),
  postcodeCentre: route({
    ...ROUTE_PATHS.postcodeCentre,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: "'Near me' from a typed postcode: the centre of its district (offline outcode table); 404 when the district is unknown",
    query: postcodeCentreQuerySchema,
    response: postcodeCentreSchema,
  }),
  getBusiness: route({
    notFound: 'businessNotFound',
    notFoundResponse: {
      description: "Not found; a business merged into another also says which: `merged_into` is the survivor's id",
      schema: mergedBusinessErrorSchema,
    },
    ...ROUTE_PATHS.getBusiness,
    access: 'public',
    tag: 'businesses',
    cacheable: true,
    summary: 'Business detail',
    response: businessDetailSchema,
  }),
  listBrands: route({
    ...ROUTE_PATHS.listBrands,
    access: 'public',
    tag: 'brands',
    summary: "The brands for 'Alternative to…': A-Z, or those whose name holds `search`, those that start with it first; at most `limit`",
    query: brandListQuerySchema,
    response: z.array(brandSummarySchema),
    cacheable: true,
  }),
  getBrand: route({
    ...ROUTE_PATHS.getBrand,
    access: 'public',
    tag: 'brands',
    summary:
      "A brand's page: why, with its sources, and how many listed businesses are alternatives to it (list them with GET /businesses?alternative_to=<slug>)",
    params: brandSlugParamsSchema,
    response: brandSchema,
    cacheable: true,
  }),
  productTypes: route({
    ...ROUTE_PATHS.productTypes,
    access: 'public',
    tag: 'brands',
    summary: 'The Palestinian product types a business may say it stocks, A-Z',
    response: z.array(productTypeSchema),
    cacheable: true,
  }),
  setBusinessAlternatives: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.setBusinessAlternatives,
    access: 'user',
    tag: 'brands',
    summary: 'Its owner or an admin: the brands the business is an alternative to (replaces the list; 403 for anyone else)',
    body: businessAlternativesInputSchema,
    response: z.array(brandSummarySchema),
  }),
  setBusinessProducts: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.setBusinessProducts,
    access: 'user',
    tag: 'brands',
    summary: 'Its owner or an admin: the Palestinian products the business stocks, with a source that shows it (replaces both; 403 for anyone else)',
    body: businessProductsInputSchema,
    response: businessProductsSchema,
  }),
  mergedBusinessPage: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.mergedBusinessPage,
    access: 'public',
    tag: 'businesses',
    summary:
      "For the front door, which asks before serving /business/{id}: a business merged into another answers 301 to the survivor's page; any other id 404 (the page is the app's)",
    redirect: "Moved permanently: `Location` is the survivor's page, /business/{id}",
    response: okResponse,
  }),
  exportBusinessesCsv: route({
    ...ROUTE_PATHS.exportBusinessesCsv,
    access: 'public',
    tag: 'openData',
    summary:
      "Every listed business's public fields as CSV (RFC 4180, UTF-8, a header row; one column per link and per day's hours; special_hours as JSON, empty when none)",
    download: { mediaType: OPEN_DATA_MEDIA_TYPES.csv, description: 'the CSV file' },
    response: z.string(),
  }),
  exportBusinessesGeoJson: route({
    ...ROUTE_PATHS.exportBusinessesGeoJson,
    access: 'public',
    tag: 'openData',
    summary:
      "Every listed business's public fields as a GeoJSON FeatureCollection ([longitude, latitude]; a business without coordinates has a null geometry), with the licence and attribution as top-level members",
    download: { mediaType: OPEN_DATA_MEDIA_TYPES.geojson, description: 'the GeoJSON FeatureCollection' },
    response: z.string(),
  }),
  partnerChanges: route({
    ...ROUTE_PATHS.partnerChanges,
    access: 'public',
    tag: 'partners',
    summary:
      'Change-only sync: the businesses created, updated and deleted since the cursor, oldest change first, each at its latest change, ' +
      'a tombstone for each deletion. Public fields only: an approximate (area) business has no street. Resume with next_cursor: ' +
      'no change is skipped or repeated, even while writes commit out of order',
    query: changesQuerySchema,
    response: changesPageSchema,
    responseHeaders: { Link: '<url>; rel="next" while more changes are ready now' },
  }),
  partnerKeyStatus: route({
    ...ROUTE_PATHS.partnerKeyStatus,
    access: 'partner',
    tag: 'partners',
    summary: "The calling key's partner name, its limit of calls a minute and the calls made with it so far",
    response: partnerKeyStatusSchema,
  }),
  submitBusiness: route({
    ...ROUTE_PATHS.submitBusiness,
    status: 201,
    access: 'partner',
    tag: 'partners',
    summary:
      "Submit a business, checked as a member's new business is: it waits in the admins' queue, tagged with the partner's name, and is listed only once an admin approves it",
    body: businessInputSchema,
    response: partnerSubmissionSchema,
  }),
  partnerSubmission: route({
    notFound: 'submissionNotFound',
    ...ROUTE_PATHS.partnerSubmission,
    access: 'partner',
    tag: 'partners',
    summary: "One of the partner's own submissions: pending, approved (with the listed business's id) or rejected",
    response: partnerSubmissionSchema,
  }),
  createBusiness: route({
    ...ROUTE_PATHS.createBusiness,
    status: 201,
    access: 'user',
    tag: 'businesses',
    summary: 'Add a business',
    body: businessInputSchema,
    response: businessDetailSchema,
  }),
  updateBusiness: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.updateBusiness,
    access: 'user',
    tag: 'businesses',
    summary: 'Edit a business (owner or admin)',
    body: businessInputSchema,
    response: businessDetailSchema,
  }),
  setSpecialHours: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.setSpecialHours,
    access: 'user',
    tag: 'businesses',
    summary: "Replace a business's special hours (owner or admin; a member suggests them instead: field special_hours)",
    body: specialHoursInputSchema,
    response: businessDetailSchema,
  }),
  canEdit: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.canEdit,
    access: 'public',
    tag: 'businesses',
    summary: 'Whether the caller may edit',
    response: canEditSchema,
  }),
  getVotes: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.getVotes,
    access: 'public',
    tag: 'community',
    summary: "Vote totals and the caller's vote",
    response: voteSummarySchema,
  }),
  vote: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.vote,
    locked: PAUSED_FOR_NEW_ACCOUNTS,
    access: 'user',
    tag: 'community',
    summary: 'Vote; the same vote again removes it',
    body: voteInputSchema,
    response: voteResultSchema,
  }),
  listComments: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.listComments,
    access: 'public',
    tag: 'community',
    summary: 'Comments, newest first, one page at a time',
    ...pagedList('all comments of the business'),
    response: z.array(commentSchema),
  }),
  addComment: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.addComment,
    status: 201,
    locked: PAUSED_FOR_NEW_ACCOUNTS,
    access: 'user',
    tag: 'community',
    summary: 'Add a comment',
    body: commentInputSchema,
    response: commentSchema,
  }),
  deleteComment: route({
    notFound: 'commentNotFound',
    ...ROUTE_PATHS.deleteComment,
    access: 'user',
    tag: 'community',
    summary: 'Delete a comment (author or admin)',
    response: okResponse,
  }),
  listPhotos: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.listPhotos,
    access: 'public',
    tag: 'community',
    summary: "The business's photos whose sizes exist and that are neither hidden nor removed, newest first",
    ...pagedList("all the business's listed photos"),
    response: z.array(photoSchema),
  }),
  uploadPhoto: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.uploadPhoto,
    status: 201,
    access: 'user',
    tag: 'community',
    summary:
      'Add a photo (multipart field `file`: JPEG, PNG or WebP by content, at most 10 MB), with its alt text and the licence it grants. It is listed once the worker has made its WebP sizes. Limits per member: PHOTOS_PER_MEMBER_PER_BUSINESS (409) and RATE_LIMIT_PHOTOS_PER_USER_PER_DAY (429)',
    multipart: true,
    body: photoInputSchema,
    response: photoSchema,
  }),
  deletePhoto: route({
    notFound: 'photoNotFound',
    ...ROUTE_PATHS.deletePhoto,
    access: 'user',
    tag: 'community',
    summary: 'Delete a photo and its files (uploader or admin)',
    response: okResponse,
  }),
  setCoverPhoto: route({
    notFound: 'photoNotFound',
    ...ROUTE_PATHS.setCoverPhoto,
    access: 'user',
    tag: 'community',
    summary: "Make a listed photo the business's cover, shown in the list row, the map popup and the embed (the business's owner or an admin)",
    response: okResponse,
  }),
  reportPhoto: route({
    notFound: 'photoNotFound',
    ...ROUTE_PATHS.reportPhoto,
    status: 201,
    access: 'user',
    tag: 'community',
    summary: 'Report a listed photo with a reason, once per member; reports by 3 members hide it until an admin keeps or removes it',
    body: photoReportInputSchema,
    response: okResponse,
  }),
  listSuggestions: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.listSuggestions,
    access: 'public',
    tag: 'community',
    summary: 'Pending suggestions of a business',
    response: z.array(suggestionSchema),
  }),
  addSuggestion: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.addSuggestion,
    status: 201,
    access: 'user',
    tag: 'community',
    summary: 'Suggest an edit',
    body: suggestionInputSchema,
    response: suggestionSchema,
  }),
  addReport: route({
    ...ROUTE_PATHS.addReport,
    status: 201,
    access: 'user',
    tag: 'community',
    summary: 'Report a business',
    body: reportInputSchema,
    response: reportSchema,
  }),
  confirmationSummary: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.confirmationSummary,
    access: 'public',
    tag: 'community',
    summary: "'Still open and still supportive?': members' confirmations of the last 90 days, and the caller's own answer",
    response: confirmationSummarySchema,
  }),
  confirmBusiness: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.confirmBusiness,
    status: 201,
    locked: PAUSED_FOR_NEW_ACCOUNTS,
    access: 'user',
    tag: 'community',
    summary: "Answer 'Still open and still supportive?' (at most once per business in 30 days)",
    body: confirmationInputSchema,
    response: confirmationSummarySchema,
  }),
  businessHistory: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.businessHistory,
    access: 'public',
    tag: 'businesses',
    summary: "A business's revisions, newest first: each change's kind, who made it, when, and its fields before and after",
    ...pagedList('all revisions of the business'),
    response: z.array(revisionSchema),
  }),
  claimBusiness: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.claimBusiness,
    status: 201,
    access: 'user',
    tag: 'community',
    summary: "'I own this business': claim it with how you can prove it; an admin approves or rejects (one pending claim per member and business)",
    body: claimInputSchema,
    response: claimReceiptSchema,
  }),
  confirmListing: route({
    ...ROUTE_PATHS.confirmListing,
    access: 'public',
    tag: 'community',
    summary:
      "The owner's one-click 'Everything is still accurate' from a freshness reminder: the mailed token (single use, 30 days) is the authority, no session",
    body: confirmListingInputSchema,
    response: confirmListingResultSchema,
  }),

  listAlerts: route({
    ...ROUTE_PATHS.listAlerts,
    access: 'user',
    tag: 'alerts',
    summary: "The member's own alerts, oldest first (at most ALERT_RULES.maxPerMember)",
    response: z.array(alertSchema),
  }),
  createAlert: route({
    ...ROUTE_PATHS.createAlert,
    status: 201,
    access: 'user',
    tag: 'alerts',
    summary:
      "'Email me new businesses like these': save /browse's city, category and search; a daily mail lists the businesses added since the last one (one mail per member per day, none when nothing is new)",
    body: alertInputSchema,
    response: alertSchema,
  }),
  deleteAlert: route({
    notFound: 'alertNotFound',
    ...ROUTE_PATHS.deleteAlert,
    access: 'user',
    tag: 'alerts',
    summary: "Delete one of the member's own alerts (another member's answers 404)",
    response: okResponse,
  }),
  unsubscribeAlert: route({
    ...ROUTE_PATHS.unsubscribeAlert,
    access: 'public',
    tag: 'alerts',
    summary:
      "One-click unsubscribe (RFC 8058, the mails' List-Unsubscribe): ends the alerts the signed token names; the token is the authority, no session or CSRF token",
    query: alertUnsubscribeQuerySchema,
    response: okResponse,
  }),
  unsubscribeAlertPage: route({
    ...ROUTE_PATHS.unsubscribeAlertPage,
    access: 'public',
    tag: 'alerts',
    summary: "The List-Unsubscribe link opened in a browser: 303 to the site's /unsubscribe-alert page, which ends the alert with the POST",
    query: alertUnsubscribeQuerySchema,
    response: okResponse,
    redirect: 'the /unsubscribe-alert page with the same token',
  }),

  statistics: route({ ...ROUTE_PATHS.statistics, access: 'admin', tag: 'admin', summary: 'Site statistics', response: adminStatisticsSchema }),
  pendingReports: route({
    ...ROUTE_PATHS.pendingReports,
    access: 'admin',
    tag: 'admin',
    summary: 'Pending reports, newest first, one page at a time; searched by business name and filtered by reason',
    ...pagedList('all pending reports matching the search and reason'),
    query: pendingReportsQuerySchema,
    response: z.array(reportSchema),
  }),
  reportedBusinesses: route({
    ...ROUTE_PATHS.reportedBusinesses,
    access: 'admin',
    tag: 'admin',
    summary:
      'Businesses with pending reports, most reported first, then by name, one page at a time; searched by business name and filtered by the reason of a pending report',
    ...pagedList('all businesses with pending reports matching the search and reason'),
    query: reportedBusinessesQuerySchema,
    response: z.array(businessSchema),
  }),
  reviewReport: route({
    notFound: 'reportNotFound',
    ...ROUTE_PATHS.reviewReport,
    access: 'admin',
    tag: 'admin',
    summary: 'Approve (remove the business) or reject a report',
    query: reviewActionSchema,
    response: okResponse,
  }),
  pendingSuggestions: route({
    ...ROUTE_PATHS.pendingSuggestions,
    access: 'admin',
    tag: 'admin',
    summary: 'Pending suggestions, newest first, one page at a time; searched by business name and filtered by field',
    ...pagedList('all pending suggestions matching the search and field'),
    query: pendingSuggestionsQuerySchema,
    response: z.array(suggestionSchema),
  }),
  reviewSuggestion: route({
    notFound: 'suggestionNotFound',
    ...ROUTE_PATHS.reviewSuggestion,
    access: 'admin',
    tag: 'admin',
    summary: 'Approve (update the business) or reject a suggestion',
    query: reviewActionSchema,
    response: okResponse,
  }),
  deleteBusiness: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.deleteBusiness,
    access: 'admin',
    tag: 'admin',
    summary: 'Delete a business',
    response: okResponse,
  }),
  adminPhotos: route({
    ...ROUTE_PATHS.adminPhotos,
    access: 'admin',
    tag: 'admin',
    summary:
      "Recent photo uploads (listed and hidden), newest first, one page at a time, with their reports and the uploader's record; searched by business name",
    ...pagedList('all listed and hidden photos of businesses matching the search'),
    query: searchedQueueQuerySchema,
    response: z.array(adminPhotoSchema),
  }),
  removePhoto: route({
    notFound: 'photoNotFound',
    ...ROUTE_PATHS.removePhoto,
    access: 'admin',
    tag: 'admin',
    summary: "Remove a photo: it is no longer listed and its files are deleted; the row stays for the uploader's record",
    response: okResponse,
  }),
  keepPhoto: route({
    notFound: 'photoNotFound',
    ...ROUTE_PATHS.keepPhoto,
    access: 'admin',
    tag: 'admin',
    summary: 'Keep a photo its reports hid: it is listed again and its reports are cleared',
    response: okResponse,
  }),
  rechecks: route({
    ...ROUTE_PATHS.rechecks,
    access: 'admin',
    tag: 'admin',
    summary:
      'Re-checks: businesses members flagged, then those whose verification is due, then the never verified; oldest first in each; searched by business name and filtered by reason',
    ...pagedList('all businesses to re-check matching the search and reason'),
    query: rechecksQuerySchema,
    response: z.array(recheckSchema),
  }),
  brokenLinks: route({
    ...ROUTE_PATHS.brokenLinks,
    access: 'admin',
    tag: 'admin',
    summary:
      "Sources whose link failed three checks in a row ('Link broken'), oldest first, with each page's archived title; searched by business name, or by brand name for a brand's source",
    ...pagedList('all broken links of businesses and brands matching the search'),
    query: searchedQueueQuerySchema,
    response: z.array(brokenLinkSchema),
  }),
  pendingClaims: route({
    ...ROUTE_PATHS.pendingClaims,
    access: 'admin',
    tag: 'admin',
    summary:
      "Pending owner claims, oldest first, with the member's email and whether its domain matches the website; searched by business name, or by brand name for a brand's source",
    ...pagedList('all pending claims matching the search'),
    query: searchedQueueQuerySchema,
    response: z.array(claimSchema),
  }),
  approveClaim: route({
    notFound: 'claimNotFound',
    ...ROUTE_PATHS.approveClaim,
    access: 'admin',
    tag: 'admin',
    summary: "Approve a claim: the member becomes the business's owner ('Managed by its owner'); the business's other pending claims are rejected",
    response: okResponse,
  }),
  rejectClaim: route({
    notFound: 'claimNotFound',
    ...ROUTE_PATHS.rejectClaim,
    access: 'admin',
    tag: 'admin',
    summary: 'Reject a claim',
    response: okResponse,
  }),
  duplicatePairs: route({
    ...ROUTE_PATHS.duplicatePairs,
    access: 'admin',
    tag: 'admin',
    summary: 'Possible duplicates: open pairs found by the nightly job or added despite the warning, oldest first; searched by either business name',
    ...pagedList('all open pairs matching the search'),
    query: searchedQueueQuerySchema,
    response: z.array(duplicatePairSchema),
  }),
  dismissDuplicate: route({
    notFound: 'duplicatePairNotFound',
    ...ROUTE_PATHS.dismissDuplicate,
    access: 'admin',
    tag: 'admin',
    summary: "'Not duplicates': the pair leaves the list, and the nightly job never proposes it again",
    response: okResponse,
  }),
  mergeBusiness: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.mergeBusiness,
    access: 'admin',
    tag: 'admin',
    summary:
      "Merge business `from` (B) into this one (A): votes (A's wins per member), comments, suggestions, reports, sources, confirmations and verifications move; B's fields fill A's empty ones, never its owner (A keeps its own); B is removed and its page and API answer lead to A. A business whose removal is approved is not found (404), as either side",
    body: mergeInputSchema,
    response: mergeResultSchema,
  }),
  verificationHistory: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.verificationHistory,
    access: 'admin',
    tag: 'admin',
    summary: "A business's verifications and 'Mark unverified' decisions, newest first",
    response: z.array(verificationRecordSchema),
  }),
  verifyBusiness: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.verifyBusiness,
    status: 201,
    access: 'admin',
    tag: 'admin',
    summary: 'Record a verification: method, note, evidence link and date',
    body: verifyInputSchema,
    response: verificationRecordSchema,
  }),
  unverifyBusiness: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.unverifyBusiness,
    status: 201,
    access: 'admin',
    tag: 'admin',
    summary: 'Mark unverified: the business loses its badge until verified again (kept in the history)',
    body: unverifyInputSchema,
    response: verificationRecordSchema,
  }),
  revertRevision: route({
    notFound: 'businessNotFound',
    secondNotFound: 'revisionNotFound',
    ...ROUTE_PATHS.revertRevision,
    status: 201,
    access: 'admin',
    tag: 'admin',
    summary:
      "Revert to this version: every later change to the business's fields is undone, as one new 'revert' revision (409 when nothing would change)",
    response: revisionSchema,
  }),
  redactRevision: route({
    notFound: 'businessNotFound',
    secondNotFound: 'revisionNotFound',
    ...ROUTE_PATHS.redactRevision,
    access: 'admin',
    tag: 'admin',
    summary:
      "Redact: the revision's values are deleted from the public history (from it and from every other revision of the business that holds them), and it reads 'Removed by an admin: <reason>'; audited without the values. The business's current fields stay; 409 when already redacted",
    body: redactRevisionInputSchema,
    response: revisionSchema,
  }),
  pausedBusinesses: route({
    ...ROUTE_PATHS.pausedBusinesses,
    access: 'admin',
    tag: 'admin',
    summary:
      "Unusual activity: paused businesses, newest pause first, each with the burst's accounts (their ages and what they did) and its votes set aside; searched by business name, or by brand name for a brand's source",
    ...pagedList('all paused businesses matching the search'),
    query: searchedQueueQuerySchema,
    response: z.array(pausedBusinessSchema),
  }),
  keepBurstVotes: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.keepBurstVotes,
    access: 'admin',
    tag: 'admin',
    summary: "'Keep the votes': the burst's set-aside votes count in vote_score again; the pause stays until lifted (409 when not paused)",
    response: protectionDecisionSchema,
  }),
  discardBurstVotes: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.discardBurstVotes,
    access: 'admin',
    tag: 'admin',
    summary: "'Discard the votes': the burst's set-aside votes are removed; the pause stays until lifted (409 when not paused)",
    response: protectionDecisionSchema,
  }),
  liftProtection: route({
    notFound: 'businessNotFound',
    ...ROUTE_PATHS.liftProtection,
    access: 'admin',
    tag: 'admin',
    summary:
      "'Lift protection': new accounts may vote, comment and answer again; votes still set aside count again (discard them first to remove them); 409 when not paused",
    response: protectionDecisionSchema,
  }),
  partnerKeys: route({
    ...ROUTE_PATHS.partnerKeys,
    access: 'admin',
    tag: 'admin',
    summary: "Partners' API keys in the order they were issued, revoked ones included, with the calls made with each",
    ...pagedList('all keys'),
    response: z.array(partnerKeySchema),
  }),
  issuePartnerKey: route({
    ...ROUTE_PATHS.issuePartnerKey,
    status: 201,
    access: 'admin',
    tag: 'admin',
    summary: 'Issue a partner an API key: the answer holds the key, this once (only its hash is kept)',
    body: issuePartnerKeyInputSchema,
    response: issuedPartnerKeySchema,
  }),
  revokePartnerKey: route({
    notFound: 'partnerKeyNotFound',
    ...ROUTE_PATHS.revokePartnerKey,
    access: 'admin',
    tag: 'admin',
    summary: "Revoke a partner's API key: from now on it answers 401",
    response: partnerKeySchema,
  }),
  pendingSubmissions: route({
    ...ROUTE_PATHS.pendingSubmissions,
    access: 'admin',
    tag: 'admin',
    summary: "Businesses partners submitted, waiting for a decision, oldest first, each tagged with its partner's name; searched by business name",
    ...pagedList('all pending submissions of businesses matching the search'),
    query: searchedQueueQuerySchema,
    response: z.array(partnerSubmissionSchema),
  }),
  approveSubmission: route({
    notFound: 'submissionNotFound',
    ...ROUTE_PATHS.approveSubmission,
    access: 'admin',
    tag: 'admin',
    summary: "Approve a partner's submission: the business is listed (409 once decided)",
    response: partnerSubmissionSchema,
  }),
  rejectSubmission: route({
    notFound: 'submissionNotFound',
    ...ROUTE_PATHS.rejectSubmission,
    access: 'admin',
    tag: 'admin',
    summary: "Reject a partner's submission: nothing is listed (409 once decided)",
    response: partnerSubmissionSchema,
  }),
  createBrand: route({
    ...ROUTE_PATHS.createBrand,
    status: 201,
    access: 'admin',
    tag: 'admin',
    summary: 'Add a brand: name, slug (made from the name when left out), a short reason and its sources (409 when the name or slug is taken)',
    body: brandInputSchema,
    response: brandSchema,
  }),
  updateBrand: route({
    notFound: 'brandNotFound',
    ...ROUTE_PATHS.updateBrand,
    access: 'admin',
    tag: 'admin',
    summary: "Edit a brand's name, reason and sources; its slug never changes (409 when the name is taken)",
    body: brandInputSchema,
    response: brandSchema,
  }),
  deleteBrand: route({
    notFound: 'brandNotFound',
    ...ROUTE_PATHS.deleteBrand,
    access: 'admin',
    tag: 'admin',
    summary:
      "Delete a brand with its sources: its page goes, no business is an alternative to it any more, members' pending suggestions of it are rejected and alerts that follow it are deleted",
    response: okResponse,
  }),
  createProductType: route({
    ...ROUTE_PATHS.createProductType,
    status: 201,
    access: 'admin',
    tag: 'admin',
    summary: 'Add a Palestinian product type (409 when the name or slug is taken)',
    body: productTypeInputSchema,
    response: productTypeSchema,
  }),
  deleteProductType: route({
    notFound: 'productTypeNotFound',
    ...ROUTE_PATHS.deleteProductType,
    access: 'admin',
    tag: 'admin',
    summary:
      "Delete a Palestinian product type: no business stocks it any more (a business left with none loses its products' source) and alerts that follow it are deleted",
    response: okResponse,
  }),
} as const satisfies { [Name in RouteName]: RouteDefinition };

/** What a route's handler receives once the route table has validated the request with the route's schemas. */
export type RouteInput<Name extends RouteName> = {
  body: SchemaOutput<(typeof API_ROUTES)[Name], 'body'>;
  query: SchemaOutput<(typeof API_ROUTES)[Name], 'query'>;
  params: SchemaOutput<(typeof API_ROUTES)[Name], 'params'>;
  /** The path's id (`:id` or `:commentId`), a Postgres integer. */
  id: (typeof API_ROUTES)[Name] extends { notFound: string } ? number : never;
  /** The path's second id (`:revisionId`). */
  secondId: (typeof API_ROUTES)[Name] extends { secondNotFound: string } ? number : never;
};

type SchemaOutput<Definition, Part extends 'body' | 'query' | 'params'> =
  Definition extends Record<Part, infer Schema extends z.ZodType> ? z.output<Schema> : undefined;
