import { z } from 'zod';
import { issueMessage } from '../i18n/message-codes';

export const voteTypeSchema = z.enum(['upvote', 'downvote'], { error: issueMessage('voteTypeInvalid') });
export type VoteType = z.infer<typeof voteTypeSchema>;

export const voteInputSchema = z.object({ vote_type: voteTypeSchema });

export const voteSummarySchema = z.object({
  vote_score: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  user_vote: voteTypeSchema.nullable(),
});
export type VoteSummary = z.infer<typeof voteSummarySchema>;

export const voteResultSchema = voteSummarySchema.extend({ message: z.string() });
export type VoteResult = z.infer<typeof voteResultSchema>;
