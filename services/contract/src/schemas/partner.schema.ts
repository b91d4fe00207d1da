import { z } from 'zod';
import { PARTNER_FEED, PARTNER_KEYS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { inputText, isoDate } from './common.schema';
import { businessSchema } from './business.schema';

/** GET /api/v1/changes: where to resume (`next_cursor` of the answer before; none for the first call) and the page size. */
export const changesQuerySchema = z.object({
  since: inputText()
    .max(200, issueMessage('invalidCursor'))
    .optional()
    .describe('opaque: `next_cursor` of the previous answer; leave it out to start from the first change'),
  limit: inputText({ error: issueMessage('limitOutOfRange') })
    .regex(/^\d{1,3}$/, issueMessage('limitOutOfRange'))
    .transform(Number)
    .pipe(z.number().min(1, issueMessage('limitOutOfRange')).max(PARTNER_FEED.maxLimit, issueMessage('limitOutOfRange')))
    .optional()
    .describe(`changes per page, default and at most ${PARTNER_FEED.maxLimit}`),
});
export type ChangesQuery = { since?: string; limit?: number };

/** A business as the feed carries it: its public fields without members' votes and report data (as the open data). */
export const feedBusinessSchema = businessSchema.omit({
  vote_score: true,
  upvotes: true,
  downvotes: true,
  distance_miles: true,
  report_count: true,
  latest_reports: true,
});
export type FeedBusiness = z.infer<typeof feedBusinessSchema>;

export const businessChangeSchema = z.discriminatedUnion('deleted', [
  z.object({
    id: z.number().int(),
    changed_at: isoDate,
    deleted: z.literal(false),
    business: feedBusinessSchema.describe('the business as it is now (a later change of it comes again, later in the feed)'),
  }),
  z
    .object({ id: z.number().int(), changed_at: isoDate, deleted: z.literal(true) })
    .describe('a tombstone: the business is no longer listed (deleted, merged away or removed after a report)'),
]);
export type BusinessChange = z.infer<typeof businessChangeSchema>;

export const changesPageSchema = z.object({
  changes: z.array(businessChangeSchema).describe('oldest change first; a business appears once, at its latest change'),
  next_cursor: z.string().describe('pass as `since` for the changes after these (the same cursor again when there are none yet)'),
  has_more: z.boolean().describe('true: more changes are ready now; false: poll again later with next_cursor'),
});
export type ChangesPage = z.infer<typeof changesPageSchema>;

/** An admin issues a partner a key: who it is for and how many calls a minute it may make. */
export const issuePartnerKeyInputSchema = z.object({
  partner_name: inputText({ error: issueMessage('partnerNameRequired') })
    .trim()
    .min(1, issueMessage('partnerNameRequired'))
    .max(PARTNER_KEYS.maxNameLength, issueMessage('partnerNameTooLong')),
  requests_per_minute: z
    .number({ error: issueMessage('partnerRateInvalid') })
    .int(issueMessage('partnerRateInvalid'))
    .min(1, issueMessage('partnerRateInvalid'))
    .max(PARTNER_KEYS.maxRequestsPerMinute, issueMessage('partnerRateInvalid'))
    .describe(`calls a minute the key may make, 1 to ${PARTNER_KEYS.maxRequestsPerMinute}`),
});
export type IssuePartnerKeyInput = z.infer<typeof issuePartnerKeyInputSchema>;

/** A partner's key as admins see it: never the key itself, only its first characters. */
export const partnerKeySchema = z.object({
  id: z.number().int(),
  partner_name: z.string(),
  key_prefix: z.string().describe("the key's first characters, to tell keys apart"),
  requests_per_minute: z.number().int(),
  requests: z.number().int().describe('calls made with the key so far'),
  created_at: isoDate,
  revoked_at: isoDate.nullable(),
});
export type PartnerKey = z.infer<typeof partnerKeySchema>;

export const issuedPartnerKeySchema = z.object({
  key: z.string().describe('the key, shown this once: only its hash is kept'),
  partner: partnerKeySchema,
});
export type IssuedPartnerKey = z.infer<typeof issuedPartnerKeySchema>;

/** GET /api/v1/key: the calling key's partner, limit and use. */
export const partnerKeyStatusSchema = partnerKeySchema.pick({ partner_name: true, requests_per_minute: true, requests: true });
export type PartnerKeyStatus = z.infer<typeof partnerKeyStatusSchema>;

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A partner's submission: the business as submitted, waiting for an admin, then approved (listed) or rejected. */
export const partnerSubmissionSchema = z.object({
  id: z.number().int(),
  partner_name: z.string().describe("the name of the key's partner, as admins gave it"),
  status: z.enum(SUBMISSION_STATUSES).describe('pending until an admin decides; approved: listed as business_id'),
  business_id: z.number().int().nullable().describe('the listed business once approved'),
  business: businessSchema.pick({
    name: true,
    address: true,
    city: true,
    postcode: true,
    category: true,
    description: true,
    phone: true,
    website: true,
  }),
  created_at: isoDate,
});
export type PartnerSubmission = z.infer<typeof partnerSubmissionSchema>;
