import { z } from 'zod';
import { LIMITS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { inputText, isoDate } from './common.schema';

export const commentSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  user_picture: z.string().nullable(),
  comment_text: z.string(),
  created_at: isoDate,
});
export type Comment = z.infer<typeof commentSchema>;

export const commentTextSchema = inputText({ error: issueMessage('commentTooShort') })
  .trim()
  .min(LIMITS.commentMinLength, issueMessage('commentTooShort'))
  .max(LIMITS.commentMaxLength, issueMessage('commentTooLong'));

export const commentInputSchema = z.object({ comment_text: commentTextSchema });
export type CommentInput = z.input<typeof commentInputSchema>;
