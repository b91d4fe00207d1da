import { z } from 'zod';
import { PARTNER_FEED } from '../limits';
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
