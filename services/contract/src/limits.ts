/** Business constants of SPEC §9, shared by the API and the remotes. */
export const LIMITS = {
  commentMinLength: 3,
  commentMaxLength: 1000,
  passwordMinLength: 6,
  resetCodeLength: 6,
  resetCodeTtlMinutes: 15,
  resetCodeMaxAttempts: 5,
  /** Reset mails per account: a repeat request past these is answered alike but mails nothing. */
  resetMailsPerWindow: 3,
  resetMailWindowMinutes: 15,
  resetMailsPerDay: 10,
  resetFailuresBeforeLock: 100,
  resetLockHours: 24,
  pictureMaxBytes: 2_621_440,
  redirectAfterResetMs: 3000,
  redirectAfterPasswordChangeMs: 2000,
  latestReportsShown: 3,
  mostActiveCities: 3,
  recentRegistrationDays: 7,
  textFieldMaxLength: 5000,
  shortFieldMaxLength: 300,
  /** 'Name in English letters': a transliteration of the name, as long as a name may be. */
  nameLatinMaxLength: 300,
  /** The other business fields' lengths (the form shows them as the inputs' maxLength). */
  cityMaxLength: 100,
  postcodeMaxLength: 12,
  categoryMaxLength: 100,
  phoneMaxLength: 50,
  urlMaxLength: 2000,
  businessHoursMaxLength: 100,
  /** Special hours: entries a business lists, the length of each one's label, and the dates one entry may cover. */
  specialHoursMaxEntries: 20,
  specialHoursLabelMaxLength: 60,
  specialHoursMaxDays: 366,
  socialLinkMaxLength: 300,
  verificationNoteMaxLength: 1000,
  /** Why an admin took a revision's values out of the history: shown in its place, 'Removed by an admin: <reason>'. */
  redactionReasonMaxLength: 300,
  /** 'How can you prove it?' of an owner claim. */
  claimEvidenceMinLength: 10,
  claimEvidenceMaxLength: 2000,
  /** Sign-up and sign-in fields (the forms show them as the inputs' maxLength). */
  emailMaxLength: 254,
  usernameMaxLength: 50,
  nameMaxLength: 100,
  passwordMaxLength: 200,
  /** A TOTP code or a recovery code as typed (spaces and dashes included). */
  secondFactorCodeMaxLength: 32,
} as const;

/** How long a verification stands, and when members' answers send a business back for a re-check. */
export const TRUST_RULES = {
  verificationValidMonths: 12,
  /** A member answers 'Still open and still supportive?' at most once per business in this many days. */
  confirmationEveryDays: 30,
  /** 'Confirmed by N members in the last 90 days', and the window the negative answers are counted in. */
  confirmationWindowDays: 90,
  /** Negative answers from different members within the window that put a business in Re-checks. */
  negativeAnswersForRecheck: 3,
  /** Younger accounts' answers are kept but count for nothing: neither in 'Confirmed by' nor towards a re-check (brigading). */
  accountAgeToCountDays: 7,
} as const;

/** Owners' freshness reminders and their one-click 'Everything is still accurate' link. */
export const OWNER_RULES = {
  /** A claimed owner is mailed a reminder this long after the approval or the last reminder. */
  reminderEveryMonths: 6,
  /** The mailed link works once, for this many days. */
  confirmLinkValidDays: 30,
} as const;

/** Members' alerts, 'Email me new businesses like these'. */
/** The mailed link that confirms a member's email address. */
export const EMAIL_CONFIRMATION_RULES = {
  /** The link works once, for this many hours; a new one (signup, 'Resend') replaces the unused ones. */
  linkValidHours: 48,
} as const;

export const ALERT_RULES = {
  maxPerMember: 20,
  /** Businesses listed per alert in a mail; the rest are 'and N more', with a link to /browse with the alert's filters. */
  businessesPerMail: 20,
} as const;

/** Members' photos of a business: what an upload may be, the sizes the worker makes, the licence an upload grants. */
export const PHOTO_RULES = {
  maxBytes: 10 * 1024 * 1024,
  /** JPEG, PNG or WebP, checked by content: a photo has no use for GIF's animation. */
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** The WebP widths made of each photo (never wider than the upload); the smallest is the thumbnail. */
  widths: [320, 800, 1600],
  altTextMaxLength: 300,
  reportReasonMaxLength: 500,
  /** Reports by this many members hide a photo until an admin keeps or removes it. */
  reportsToHide: 3,
  licence: 'CC BY-SA 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
} as const;

/** How the worker checks a source's link, and when a failing one counts as broken. */
export const LINK_CHECK_RULES = {
  timeoutMs: 10_000,
  maxRedirects: 5,
  /** Of the page's body; the rest is never read. */
  maxBodyBytes: 1_048_576,
  /** Of the archived visible text, UTF-8, cut between characters. */
  excerptMaxBytes: 2048,
  titleMaxLength: 300,
  /** Failed checks in a row that make a link 'Link broken'. */
  failuresForBroken: 3,
  /** The only ports a source link (and every hop of its check) may name: the web's. */
  webPorts: [80, 443],
} as const;

/** What makes a business a likely duplicate of another (the form's check and the nightly job alike). */
export const DUPLICATE_RULES = {
  /** pg_trgm similarity of the lowercased names at or above which they are 'similar' (or one name contains the other). */
  nameSimilarity: 0.45,
  /** Within this distance of each other (postcode district centres), or in the same postcode. */
  radiusMeters: 500,
  /** Candidates the form shows, and candidate ids a new business may carry. */
  maxCandidates: 3,
} as const;

export const VERIFICATION_METHODS = ['Visited in person', 'Confirmed with the owner', 'Public statement', 'Community confirmations'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** Proof of support is a list of sources, each of one of these kinds. */
export const SOURCE_KINDS = ['Public statement', 'Donation or fundraiser', 'In-store sign', 'Social media post', 'Other'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SOURCE_RULES = {
  descriptionMaxLength: 500,
  urlMaxLength: 2048,
  maxPerBusiness: 20,
} as const;

export const CONFIRMATION_ANSWERS = ['Yes', 'Closed', 'No longer supportive'] as const;
export type ConfirmationAnswer = (typeof CONFIRMATION_ANSWERS)[number];

/** CONTRACT.md list paging, and the map answer's bounds. */
export const PAGING = {
  defaultLimit: 100,
  maxLimit: 500,
  /** Comments a business page reads at a time ('Load more comments' reads the next ones). */
  commentsPage: 20,
  /** Of each kind of action (votes, reports, answers) since a pause's window began, the earliest the admins' list reads. */
  burstActionsRead: 100,
} as const;

/** The partner feed (GET /api/v1/changes): changes per page at most, also the default. */
export const PARTNER_FEED = {
  maxLimit: 500,
} as const;

/** Partners' API keys: the name an admin gives, and the most calls a minute a key may be given. */
export const PARTNER_KEYS = {
  maxNameLength: 100,
  maxRequestsPerMinute: 10_000,
} as const;

/**
 * CONTRACT.md caching: a public answer may be kept by a shared cache (the front door's micro-cache,
 * a CDN) for `sharedMaxAgeSeconds`, then served stale for `staleWhileRevalidateSeconds` while one request
 * refreshes it: together within CONTRACT's 5 seconds for a removed business. Browsers revalidate every time.
 */
export const PUBLIC_ANSWER_CACHING = {
  sharedMaxAgeSeconds: 3,
  staleWhileRevalidateSeconds: 2,
} as const;

export const CACHE_CONTROL = {
  publicAnswer: `public, max-age=0, s-maxage=${PUBLIC_ANSWER_CACHING.sharedMaxAgeSeconds}, stale-while-revalidate=${PUBLIC_ANSWER_CACHING.staleWhileRevalidateSeconds}`,
  /** Signed-in and admin answers, errors, and everything that is not a public read. */
  privateAnswer: 'private, no-store',
} as const;

export const MAP_DEFAULTS = {
  center: [54.7023545, -3.2765753] as [number, number],
  zoom: 6,
  heightPx: 500,
} as const;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** A social link is on one of its network's hosts or their subdomains (no look-alikes). */
export const SOCIAL_NETWORK_HOSTS: Record<SocialNetwork, readonly string[]> = {
  facebook: ['facebook.com', 'fb.com'],
  twitter: ['twitter.com', 'x.com'],
  instagram: ['instagram.com'],
};

/** Ids are Postgres integers: a larger one names nothing and must never reach SQL. */
export const MAX_ID = 2_147_483_647;

export const REPORT_REASONS = [
  'Inaccurate information',
  'Does not support Palestine',
  'Business closed/moved',
  'Inappropriate content',
  'Spam or duplicate',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Why a business is on the admins' re-checks: members flagged it, its verification fell due, it was never verified. */
export const RECHECK_REASONS = ['members', 'due', 'never'] as const;
export type RecheckReason = (typeof RECHECK_REASONS)[number];

export const SUGGESTABLE_FIELDS = [
  'description',
  'phone',
  'website',
  'business_hours',
  'social_media',
  'proof_of_support',
  'category',
  'name_latin',
  'special_hours',
  'alternative_to',
] as const;
export type SuggestableField = (typeof SUGGESTABLE_FIELDS)[number];

/** A suggestion that tags the business rather than writes one of its columns: the brand's slug it is an alternative to. */
export const TAG_SUGGESTIONS = ['alternative_to'] as const;
type TagSuggestion = (typeof TAG_SUGGESTIONS)[number];
export const TAG_SUGGESTION_LABELS: Record<TagSuggestion, string> = { alternative_to: 'Alternative to' };

export const FIELD_LABELS: Record<Exclude<SuggestableField, TagSuggestion> | 'name' | 'address' | 'city' | 'postcode', string> = {
  name: 'Business Name',
  name_latin: 'Name in English letters',
  address: 'Address',
  city: 'City',
  postcode: 'Postcode',
  description: 'Description',
  phone: 'Phone',
  website: 'Website',
  business_hours: 'Business Hours',
  special_hours: 'Special Hours',
  social_media: 'Social Media',
  proof_of_support: 'Palestine Support',
  category: 'Category',
};

/**
 * The other inputs a validation message names ('Email must be at most 254 characters'), beside FIELD_LABELS: a page
 * shows the label in its language in their place.
 */
export const INPUT_LABELS = {
  email: 'Email',
  username: 'Username',
  fullName: 'Full Name',
  emailOrUsername: 'Email or Username',
  password: 'Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  evidence: 'Evidence',
  evidenceUrl: 'Evidence URL',
  details: 'Details',
  reason: 'Reason',
  suggestedValue: 'Suggested value',
  sourceLink: 'Source link',
  sourceDescription: 'Source description',
  note: 'Note',
  specialHoursLabel: 'Label',
  text: 'Text',
} as const;

/** The kinds of change a business's history records, and the fields it tracks, in the order shown. */
export const REVISION_KINDS = ['create', 'edit', 'suggestion', 'verification', 'merge', 'revert'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
export type RevisionField = keyof typeof FIELD_LABELS | 'verified_on' | 'verification_method';
export const REVISION_FIELD_LABELS: Record<RevisionField, string> = {
  ...FIELD_LABELS,
  verified_on: 'Verified on',
  verification_method: 'Verification method',
};
/**
 * The tracked fields in the order a revision shows them: the labels' (the business form's), then verification. Special
 * hours keep no history: their own call replaces them (docs/decisions/0056-special-hours.md).
 */
export const REVISION_FIELDS = Object.keys(REVISION_FIELD_LABELS).filter((field) => field !== 'special_hours') as [RevisionField, ...RevisionField[]];
/** What 'Revert to this version' restores: verification keeps its own records and decisions (docs/decisions/0016-revision-history.md). */
export const REVERTIBLE_FIELDS = REVISION_FIELDS.filter((field) => field !== 'verified_on' && field !== 'verification_method');
export const REVISION_KIND_LABELS: Record<RevisionKind, string> = {
  create: 'Added',
  edit: 'Edited',
  suggestion: 'Suggestion approved',
  verification: 'Verification',
  merge: 'Merged',
  revert: 'Reverted',
};

export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
