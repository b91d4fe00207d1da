import { z } from 'zod';
import { PAGING } from '../limits';
import { isoDate } from './common.schema';
import { protectionSchema } from './business.schema';

/** What a burst's account did to the business: its vote, its report (with the reason) or its answer. */
export const burstActionSchema = z.object({
  action: z.enum(['downvote', 'upvote', 'report', 'confirmation']),
  detail: z.string().nullable().describe("a report's reason, or the answer ('Closed', 'No longer supportive'); null for a vote"),
  at: isoDate,
});

/** An account of the burst: a new account (under the age limit when it acted) that acted on the business since the window began. */
export const burstAccountSchema = z.object({
  username: z.string(),
  account_created_at: isoDate,
  account_age_days: z.number().int().describe('whole days since the account was made'),
  actions: z.array(burstActionSchema),
});

/** A paused business as the admins' 'Unusual activity' tab lists it. */
export const pausedBusinessSchema = z.object({
  id: z.number().int().describe("the pause's id"),
  business: z.object({ id: z.number().int(), name: z.string(), city: z.string() }),
  since: isoDate,
  reason: protectionSchema.shape.reason,
  set_aside_votes: z.number().int().describe('votes of the burst not counted in vote_score until an admin keeps or discards them'),
  votes_decision: z.enum(['kept', 'discarded']).nullable().describe("the admins' last decision on the set-aside votes; null before one"),
  accounts: z.array(burstAccountSchema).describe('the first 50 accounts of the burst, earliest first'),
  more_actions: z
    .boolean()
    .describe(
      `true when more was done since the window began than is read: the first ${PAGING.burstActionsRead} votes, reports and answers of each kind`,
    ),
});
export type PausedBusiness = z.infer<typeof pausedBusinessSchema>;

/** The answer of an admin's decision on a paused business. */
export const protectionDecisionSchema = z.object({
  votes: z.number().int().describe('the set-aside votes this decision counted again (keep, lift) or removed (discard)'),
  protection: protectionSchema.nullable().describe("the business's protection after the decision: null once lifted"),
});
export type ProtectionDecision = z.infer<typeof protectionDecisionSchema>;
