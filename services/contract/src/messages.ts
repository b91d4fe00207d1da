import { ENGLISH_VALUE_WORDS } from './format/describe-value';

/** Every user-facing message, in SPEC.md's and CONTRACT.md's words, used by the API and the remotes (with FIRST_LOAD_MESSAGES). */
export const MESSAGES = {
  // validation (SPEC §5)
  commentTooShort: 'Comment must be at least 3 characters',
  commentTooLong: 'Comment must be at most 1000 characters',
  passwordTooShort: 'Password must be at least 6 characters',
  newPasswordTooShort: 'New password must be at least 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordSameAsCurrent: 'New password must be different from current password',
  resetCodeLength: 'Verification code must be 6 digits',
  pictureTooLarge: 'File size must be less than 2.5MB',
  pictureWrongType: 'Only JPEG, PNG, GIF, and WebP images are allowed',
  photoTooLarge: 'File size must be less than 10MB',
  photoWrongType: 'Only JPEG, PNG and WebP images are allowed',
  photoAltTextRequired: 'Alt text is required',
  photoLicenceRequired: 'Uploading a photo grants the CC BY-SA 4.0 licence: licence must be CC BY-SA 4.0',
  photoReportReasonRequired: 'Please give a reason for the report',
  typeDeleteToConfirm: 'Please type DELETE to confirm',
  loginToVote: 'Please log in to vote',
  loginToComment: 'Please log in to comment',
  loginToSuggest: 'Please log in to suggest changes',
  loginToReport: 'Please log in to report a business',
  loginToConfirm: 'Please log in to answer',
  loginToClaim: 'Please log in to claim a business',
  loginToAddPhoto: 'Please log in to add a photo',
  fieldRequired: 'This field is required',
  nameRequired: 'Business name is required',
  addressRequired: 'Street address is required',
  cityRequired: 'City is required',
  postcodeRequired: 'Postcode is required',
  websiteInvalid: 'Website must be a valid http(s) URL',
  linkInvalid: 'Links must be http(s) URLs',
  controlCharacters: 'Text must not contain control characters',
  emailInvalid: 'Please enter a valid email address',
  usernameCharacters: 'Username may only use letters, numbers, dots, dashes and underscores',
  voteTypeInvalid: 'vote_type must be upvote or downvote',
  reportReasonInvalid: 'Please choose a reason for the report',
  suggestionFieldInvalid: 'This field cannot be suggested',
  suggestionValueRequired: 'Suggested value is required',
  reviewActionInvalid: 'action must be approve or reject',
  reportReasonFilterInvalid:
    'reason must be one of: Inaccurate information, Does not support Palestine, Business closed/moved, Inappropriate content, Spam or duplicate, Other',
  suggestionFieldFilterInvalid:
    'field must be one of: description, phone, website, business_hours, social_media, proof_of_support, category, name_latin, special_hours, alternative_to',
  recheckReasonFilterInvalid: 'reason must be one of: members, due, never',
  invalidRequest: 'Invalid request',
  invalidCursor: 'Invalid cursor: follow the Link header of the previous page',
  limitOutOfRange: 'limit must be a whole number from 1 to 500',
  invalidZoom: 'zoom must be a whole number from 0 to 20',
  invalidTile: 'x and y must be whole numbers from 0 to 2^z - 1 (the tiles of zoom z)',
  invalidMapVersion: 'v must be a map version (GET /api/businesses/map/version)',
  partnerNameRequired: 'Partner name is required',
  partnerNameTooLong: 'Partner name must be at most 100 characters',
  partnerRateInvalid: 'requests_per_minute must be a whole number from 1 to 10000',

  // auth and accounts (CONTRACT.md)
  invalidCredentials: 'Invalid email/username or password',
  emailTaken: 'Email already registered',
  usernameTaken: 'Username already taken',
  notAuthenticated: 'Not authenticated',
  adminOnly: 'Admin access required',
  partnerKeyRequired: 'An API key is required: send it as Authorization: Bearer <key>',
  partnerKeyInvalid: 'Invalid or revoked API key',
  notAllowedToEdit: 'You can only edit businesses you own',
  notAllowedToDeleteComment: 'You can only delete your own comments',
  notAllowedToDeletePhoto: 'You can only delete your own photos',
  notAllowedToSetCover: 'Only the owner or an admin can choose the cover photo',
  currentPasswordWrong: 'Current password is incorrect',
  resetCodeSent: 'If an account exists, a verification code has been sent',
  resetCodeInvalid: 'Invalid or expired verification code',
  resetLocked: 'Too many wrong codes. Password reset is locked for 24 hours.',
  passwordReset: 'Password reset successfully',
  crossSiteRefused: 'Cross-site request refused',
  tooManyRequests: 'Too many requests. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable',
  internalError: 'Something went wrong. Please try again.',
  notFound: 'Not found',
  metricsTokenRequired: 'Metrics need the METRICS_TOKEN bearer token',
  bodyTooLarge: 'Request body is too large',
  invalidJson: 'Request body is not valid JSON',
  /** A member's language must be one the site speaks. */
  languageInvalid: 'Language must be one of en, ar, ur or cy',
  fileRequired: 'Please choose a file to upload',
  /** The export files have not been built yet (the first build is under way). */
  openDataNotReady: 'The open data files are being prepared. Please try again in a minute.',

  // domain
  businessNotFound: 'Business not found',
  commentNotFound: 'Comment not found',
  photoNotFound: 'Photo not found',
  reportNotFound: 'Report not found',
  suggestionNotFound: 'Suggestion not found',
  /** Revision history. */
  revisionNotFound: 'Revision not found',
  revisionIsCurrent: 'The business already matches this version',
  revisionByAdmin: 'admin',
  revisionByFormerMember: 'former member',
  confirmRevert: 'Revert the business to this version? Every later change is undone (and kept in the history).',
  revisionReverted: 'Reverted to this version',
  revertFailed: 'Could not revert. Please try again.',
  /** Redaction: an admin takes a revision's values out of the public history. */
  redactionReasonRequired: 'Please give a reason for removing this version',
  revisionAlreadyRedacted: 'This version has already been removed from the history',
  revisionRedactedCannotRevert: 'This version holds values removed by an admin, so the business cannot be reverted to it',
  revisionRedacted: 'Removed from the history',
  redactFailed: 'Could not remove this version. Please try again.',
  loadHistoryFailed: 'Could not load the history. Please try again.',
  noRevisions: 'No changes recorded yet.',
  reportAlreadyReviewed: 'Report has already been reviewed',
  suggestionAlreadyReviewed: 'Suggestion has already been reviewed',
  alreadyReported: 'You have already reported this business',
  alreadyReportedPhoto: 'You have already reported this photo',
  /** Trust that stays true. SPEC is silent; these are the product's words for it. */
  verificationMethodRequired: 'Please choose how the business was verified',
  verificationDateInvalid: 'Please enter the date of the verification (not in the future)',
  evidenceUrlInvalid: 'Evidence must be a link starting with http:// or https://',
  confirmationAnswerRequired: 'Please answer Yes, Closed or No longer supportive',
  alreadyConfirmed: 'You have already answered for this business in the last 30 days',
  businessPausedForNewAccounts: 'This business is receiving unusual activity, so new accounts cannot vote or comment on it for now.',
  businessNotPaused: 'This business is not paused',
  sourceKindRequired: 'Please choose what kind of source this is',
  sourceDescriptionRequired: 'Please add a short quote or description of the source',
  sourceUrlInvalid: 'Source link must start with http:// or https://',
  sourceUrlPortRefused: 'Source link must use the standard web port (80 or 443)',
  sourceDateInvalid: 'Please enter the date of the source (not in the future)',
  /** Brands and alternatives: admins keep the brands; owners, admins and approved suggestions tag businesses. */
  brandNotFound: 'Brand not found',
  brandNameRequired: 'Brand name is required',
  brandReasonRequired: 'Please give a short reason for the boycott',
  brandSourceRequired: 'Please add at least one source',
  brandSlugInvalid: 'Slug may only use lower-case letters, numbers and single dashes',
  brandExists: 'A brand with this name or slug already exists',
  brandUnknown: 'Please choose brands from the list',
  alreadyAlternative: 'This business is already listed as an alternative to this brand',
  tooManyAlternatives: 'A business can be an alternative to at most 10 brands',
  /** Palestinian products: the admin-kept list of product types. */
  productTypeUnknown: 'Please choose product types from the list',
  productTypeNameRequired: 'Product type name is required',
  productTypeExists: 'A product type with this name already exists',
  productSourceRequired: 'Please add a source that shows the business stocks these products',
  brandSaved: 'Brand saved',
  saveBrandFailed: 'Failed to save the brand',
  loadBrandsFailed: 'Failed to load brands',
  productTypeAdded: 'Product type added',
  addProductTypeFailed: 'Failed to add the product type',
  alternativesSaved: 'Alternatives saved',
  productsSaved: 'Palestinian products saved',
  saveTagsFailed: 'Failed to save',
  /** Owner claims and the owners' freshness reminders. */
  claimNotFound: 'Claim not found',
  partnerKeyNotFound: 'API key not found',
  submissionNotFound: 'Submission not found',
  submissionAlreadyReviewed: 'Submission has already been reviewed',
  claimEvidenceRequired: 'Please describe how you can prove you own this business',
  claimEvidenceTooShort: 'Please tell us a little more (at least 10 characters)',
  alreadyClaimed: 'You have already claimed this business; an admin will review it',
  alreadyOwner: 'You already manage this business',
  claimAlreadyReviewed: 'Claim has already been reviewed',
  freshnessTokenRequired: 'This link is incomplete: open it from the email again',
  freshnessTokenInvalid: 'This link is not valid',
  freshnessTokenUsed: 'This link has already been used',
  freshnessTokenExpired: 'This link has expired',
  /** The duplicate check and merges. */
  duplicateCandidatesInvalid: 'Duplicate candidates must be at most 3 business ids',
  duplicateWarning: 'This may already be listed',
  samePostcode: 'same postcode',
  duplicatePairNotFound: 'Duplicate pair not found',
  mergeIntoItself: 'A business cannot be merged into itself',
  mergeFromRequired: 'Please choose the business to merge',
  addedDespiteWarning: 'Added despite the warning',
  notDuplicates: 'Not duplicates',
  pairDismissed: 'Marked as not duplicates',

  // toasts (SPEC §8)
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  loadBusinessFailed: 'Failed to load business data',
  /** SPEC is silent: a detail page whose business could not be read (network, 5xx) says so, apart from 404. */
  businessUnavailable: 'Could not load this business',
  addBusinessFailed: 'Failed to add business',
  updateBusinessFailed: 'Failed to update business',
  voteFailed: 'Failed to record vote',
  suggestionFailed: 'Failed to submit suggestion',
  reportFailed: 'Failed to submit report',
  addCommentFailed: 'Failed to add comment',
  deleteCommentFailed: 'Failed to delete comment',
  loadStatisticsFailed: 'Failed to load statistics',
  loadPendingReportsFailed: 'Failed to load pending reports',
  loadReportedBusinessesFailed: 'Failed to load reported businesses',
  loadPendingSuggestionsFailed: 'Failed to load pending suggestions',
  processReportFailed: 'Failed to process report',
  processSuggestionFailed: 'Failed to process suggestion',
  deleteBusinessFailed: 'Failed to delete business',
  loadRechecksFailed: 'Failed to load re-checks',
  loadBrokenLinksFailed: 'Failed to load broken links',
  loadDuplicatesFailed: 'Failed to load possible duplicates',
  mergeBusinessesFailed: 'Failed to merge businesses',
  dismissDuplicateFailed: 'Failed to mark as not duplicates',
  verifyBusinessFailed: 'Failed to verify business',
  markUnverifiedFailed: 'Failed to mark business unverified',
  claimFailed: 'Failed to submit claim',
  loadClaimsFailed: 'Failed to load claims',
  processClaimFailed: 'Failed to process claim',
  listingConfirmFailed: 'Failed to confirm the listing',
  sendCodeFailed: 'Failed to send verification code',
  resetPasswordFailed: 'Failed to reset password',
  changePasswordFailed: 'Failed to change password',
  uploadPictureFailed: 'Failed to upload profile picture',
  uploadPhotoFailed: 'Failed to upload the photo',
  deletePhotoFailed: 'Failed to delete the photo',
  setCoverFailed: 'Failed to choose the cover photo',
  reportPhotoFailed: 'Failed to report the photo',
  reviewPhotoFailed: 'Failed to review the photo',
  loadPhotosFailed: 'Failed to load photos',
  deleteAccountFailed: 'Failed to delete account',
  networkError: 'Network error. Please try again.',
  /** SPEC is silent: an action that failed because the browser is offline, in every screen. */
  needsConnection: 'You are offline: this needs a connection.',

  loggedIn: 'Successfully logged in!',
  accountCreated: 'Account created successfully!',
  loggedOut: 'Successfully logged out!',
  businessAdded: 'Business added successfully!',
  businessUpdated: 'Business updated successfully!',
  suggestionSubmitted: 'Suggestion submitted successfully! It will be reviewed by an admin.',
  reportSubmitted: 'Report submitted successfully',
  commentAdded: 'Comment added!',
  commentDeleted: 'Comment deleted',
  photoDeleted: 'Photo deleted',
  photoUploaded: 'Photo uploaded: it shows here once it is processed',
  coverPhotoSet: 'Cover photo chosen',
  photoRemoved: 'Photo removed',
  photoKept: 'Photo kept: it shows again',
  reportApproved: 'Report approved and business removed',
  reportRejected: 'Report rejected',
  suggestionApproved: 'Suggestion approved and business updated',
  suggestionRejected: 'Suggestion rejected',
  pictureUpdated: 'Profile picture updated!',
  passwordChanged: 'Password changed successfully!',
  accountDeleted: 'Account deleted successfully',
  voteRecorded: 'Vote recorded',
  voteRemoved: 'Vote removed',
  voteChanged: 'Vote changed',
  businessVerified: 'Business verified',
  businessMarkedUnverified: 'Business marked unverified',
  confirmationRecorded: 'Thank you: your answer is recorded',
  claimOwnBusiness: 'I own this business',
  claimEvidenceLabel: 'How can you prove you own it?',
  claimSubmitted: 'Thank you: an admin will review your claim',
  claimApproved: 'Claim approved: the member now manages the business',
  claimRejected: 'Claim rejected',
  submissionApproved: 'Submission approved: the business is listed',
  submissionRejected: 'Submission rejected',
  managedByOwner: 'Managed by its owner',
  emailDomainMatches: 'Email domain matches the website',
  listingStillAccurate: 'Everything is still accurate',
  listingConfirmed: 'Thank you — the listing is confirmed as accurate',
  verificationDue: 'Verification due',
  /** A source whose link failed LINK_CHECK_RULES.failuresForBroken checks in a row. */
  linkBroken: 'Link broken',
  confirmationQuestion: 'Still open and still supportive?',
  confirmMarkUnverified: 'Mark this business unverified? It loses its Verified badge until an admin verifies it again.',

  confirmDeleteComment: 'Are you sure you want to delete this comment?',
  /** The directory's 'Open now' filter takes only `true` (left out: no filter). */
  openNowInvalid: 'open_now must be true, or left out',
  /** Special hours: an entry's label, dates and times. */
  specialHoursLabelRequired: 'Label is required',
  specialHoursDateInvalid: 'Dates must be real calendar days, YYYY-MM-DD',
  specialHoursTimeInvalid: 'Times must be HH:MM on a 24-hour clock, for example 18:00',
  specialHoursTimesRequired: 'Give the opening and closing times, or mark the day closed',
  specialHoursLastBeforeFirst: 'The last date must be on or after the first date',
  specialHoursSameTimes: 'The closing time must differ from the opening time',
  /** A suggested entry of special hours closed on its dates, as the admins' queue writes it out. */
  specialHoursClosed: 'Closed',
  /** 'Near me': the list's `near` point, and the typed postcode the server places. */
  nearInvalid: 'near must be latitude,longitude in degrees, for example 51.51,-0.13',
  postcodeUnknown: 'Postcode not found: please enter a UK postcode such as SW1A 1AA',
  /** Alerts, 'Email me new businesses like these'. */
  alertSaved: 'Alert saved: we will email you new businesses like these',
  alertExists: 'You already have an alert for these filters',
  alertNotFound: 'Alert not found',
  alertDeleted: 'Alert deleted',
  alertLinkInvalid: 'This unsubscribe link is not valid',
  alertEnded: 'You will get no more emails for this alert',
  saveAlertFailed: 'Failed to save the alert',
  deleteAlertFailed: 'Failed to delete the alert',
  loadAlertsFailed: 'Failed to load your alerts',
  endAlertFailed: 'Failed to stop the alert',
  /** A second factor, TOTP (RFC 6238), and its recovery codes. */
  totpRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  totpInvalid: 'Invalid or already used authentication code',
  totpCodeFormat: 'The code is 6 digits, or a 10-character recovery code',
  totpAlreadyEnabled: 'Two-factor authentication is already on',
  totpNotEnabled: 'Two-factor authentication is not on',
  totpSetupMissing: 'Start the two-factor setup first',
  totpDisabled: 'Two-factor authentication is off',
  secondFactorRequired: 'Admins must turn on two-factor authentication first (Account Settings)',

  /** Email confirmation. */
  emailNotConfirmed: 'Please confirm your email address first: open the link we emailed you, or choose Resend',
  emailConfirmationRequired: 'This link is incomplete: open it from the email again',
  emailConfirmationInvalid: 'This confirmation link is not valid',
  emailConfirmationUsed: 'This confirmation link has already been used',
  emailConfirmationExpired: 'This confirmation link has expired: sign in and choose Resend for a new one',
  emailAlreadyConfirmed: 'Your email address is already confirmed',
  emailConfirmationSent: 'We sent you a new confirmation link',
  emailConfirmed: 'Thank you: your email address is confirmed',
  emailConfirmFailed: 'Failed to confirm the email address',
  emailConfirmationSendFailed: 'Failed to send the confirmation email',
} as const;

/**
 * The messages that carry values, by code: an error answer names the code and its `params`, so a client
 * renders it in another language; these render the English. The helpers below keep their callers' shape.
 */
export const PARAMETERISED_MESSAGES = {
  socialLinkOffSite: ({ hosts }: { hosts: readonly string[] }) => `Link must be on ${hosts.join(' or ')}`,
  businessDeleted: ({ name }: { name: string }) => `Business "${name}" deleted successfully`,
  confirmDeleteBusiness: ({ name }: { name: string }) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
  /** SPEC is silent; approving a report removes the business, so it asks as 'Delete Business' does. */
  confirmApproveReport: ({ business }: { business: string }) => `Approve this report and remove "${business}"? This action cannot be undone.`,
  /** The admin's merge of B into A, and its button. */
  businessesMerged: ({ from, into }: { from: string; into: string }) => `"${from}" merged into "${into}"`,
  mergeInto: ({ into }: { into: string }) => `Merge into ${into}`,
  confirmMerge: ({ from, into }: { from: string; into: string }) =>
    `Merge "${from}" into "${into}"? Its votes, comments, suggestions, reports, sources, confirmations, verifications and history move to "${into}", and its details fill those "${into}" lacks. Ownership does not move: "${into}" keeps its owner, and "${from}"'s owner and claims are dropped. "${from}" is removed.`,
  tooManySources: ({ max }: { max: number }) => `A business can list at most ${max} sources`,
  tooManySpecialHours: ({ max }: { max: number }) => `A business can list at most ${max} special hours`,
  specialHoursTooLong: ({ max }: { max: number }) => `Special hours can cover at most ${max} days`,
  /** SPEC is silent past the comment's limit; every too-long text says so in the comment's words. */
  textTooLong: ({ field, max }: { field: string; max: number }) => `${field} must be at most ${max} characters`,
  /** A suggested value of an object field (hours, social links) that is not an object. */
  mustBeJsonObject: ({ field }: { field: string }) => `${field} must be a JSON object`,
  /** A suggested value of special hours that is not a list. */
  mustBeJsonList: ({ field }: { field: string }) => `${field} must be a JSON list`,
  archivedTitle: ({ title }: { title: string }) => `Archived: ${title}`,
  ownerConfirmed: ({ date }: { date: string }) => `Confirmed accurate by its owner · ${date}`,
  confirmedBy: ({ count }: { count: number }) => `Confirmed by ${count} ${count === 1 ? 'member' : 'members'} in the last 90 days`,
  /** A written-out source and a key of hours or social links, in history and suggestions (describe-value.ts). */
  sourceLine: ENGLISH_VALUE_WORDS.sourceLine,
  valueEntry: ENGLISH_VALUE_WORDS.valueEntry,
  tooManyAlerts: ({ max }: { max: number }) => `You can keep at most ${max} alerts: delete one first`,
  tooManyPhotos: ({ max }: { max: number }) => `You can add at most ${max} photos to one business`,
  /** Names and cities go into other members' mails, so they are one line. */
  textOneLine: ({ field }: { field: string }) => `${field} must be on one line, without line breaks or control characters`,
} as const;

const P = PARAMETERISED_MESSAGES;
export const socialLinkOffSiteMessage = (hosts: readonly string[]) => P.socialLinkOffSite({ hosts });
export const businessDeletedMessage = (name: string) => P.businessDeleted({ name });
export const confirmDeleteBusinessMessage = (name: string) => P.confirmDeleteBusiness({ name });
export const confirmApproveReportMessage = (businessLabel: string) => P.confirmApproveReport({ business: businessLabel });
export const businessesMergedMessage = (from: string, into: string) => P.businessesMerged({ from, into });
export const mergeIntoLabel = (into: string) => P.mergeInto({ into });
export const confirmMergeMessage = (from: string, into: string) => P.confirmMerge({ from, into });
export const tooManySourcesMessage = (max: number) => P.tooManySources({ max });
export const textTooLongMessage = (label: string, max: number) => P.textTooLong({ field: label, max });

/** The detail page's line under the badge, e.g. 'Verified in person · March 2026', by method; `other` for another. */
export const VERIFICATION_LINE_START: Record<string, string> = {
  'Visited in person': 'Verified in person',
  'Confirmed with the owner': 'Confirmed with the owner',
  'Public statement': 'Verified by a public statement',
  'Community confirmations': 'Verified by community confirmations',
  other: 'Verified',
};
export const verificationLine = (method: string, monthAndYear: string) =>
  `${VERIFICATION_LINE_START[Object.hasOwn(VERIFICATION_LINE_START, method) ? method : 'other']} · ${monthAndYear}`;
/** What a source's page said when it was last reached: kept after the page dies. */
export const archivedTitleLine = (title: string) => P.archivedTitle({ title });
/** The business page's line for the owner's last 'Everything is still accurate', e.g. 'Confirmed accurate by its owner · March 2026'. */
export const ownerConfirmedLine = (monthAndYear: string) => P.ownerConfirmed({ date: monthAndYear });
export const confirmedByMessage = (members: number) => P.confirmedBy({ count: members });

export type MessageKey = keyof typeof MESSAGES;
