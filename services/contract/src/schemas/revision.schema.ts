import { z } from 'zod';
import { INPUT_LABELS, LIMITS, REVISION_FIELDS, REVISION_KINDS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { isoDate, requiredText } from './common.schema';

/** A tracked field's value: text, a date ('YYYY-MM-DD'), hours or social links as an object, or null when it had none. */
const revisionValue = z.union([z.string(), z.record(z.string(), z.string()), z.null()]);

/**
 * Who made a revision, as a role a page can put in its own words: a member by username, an admin, or a
 * member whose account is gone. A member may be called 'admin', so the kind, not the name, says which.
 */
export const revisionAuthorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), username: z.string() }),
  z.object({ kind: z.literal('admin') }),
  z.object({ kind: z.literal('former_member') }),
]);
export type RevisionAuthor = z.infer<typeof revisionAuthorSchema>;

/** One change to a business, with each field's value before and after it. */
export const revisionSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  kind: z.enum(REVISION_KINDS),
  by: z
    .string()
    .nullable()
    .describe(
      "for clients that predate author: the member's username; 'admin' for an admin; 'former member' once the account is deleted; null when no one was named",
    ),
  author: revisionAuthorSchema.nullable().describe('who made it; null when no one was named'),
  created_at: isoDate,
  redaction: z
    .object({ reason: z.string(), redacted_at: isoDate })
    .nullable()
    .describe("set when an admin took its values out of the history: the page shows 'Removed by an admin: <reason>' and changes is empty"),
  changes: z
    .array(
      z.object({
        field: z.enum(REVISION_FIELDS),
        before: revisionValue,
        after: revisionValue,
        removed: z
          .array(z.enum(['before', 'after']))
          .optional()
          .describe('the sides whose value an admin took out of the history (each is null here)'),
      }),
    )
    .describe("the fields it changed, in the form's order; before is null in a 'create'"),
});
export type Revision = z.infer<typeof revisionSchema>;

export const redactRevisionInputSchema = z.object({
  reason: requiredText(issueMessage('redactionReasonRequired'), LIMITS.redactionReasonMaxLength, INPUT_LABELS.reason),
});
export type RedactRevisionInput = z.input<typeof redactRevisionInputSchema>;
