import { z } from 'zod';
import { REVISION_FIELDS, REVISION_KINDS } from '../limits';
import { isoDate } from './common.schema';

/** A tracked field's value: text, a date ('YYYY-MM-DD'), hours or social links as an object, or null when it had none. */
const revisionValue = z.union([z.string(), z.record(z.string(), z.string()), z.null()]);

/** Issue #14: one change to a business, with each field's value before and after it. */
export const revisionSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  kind: z.enum(REVISION_KINDS),
  by: z
    .string()
    .nullable()
    .describe("the member's username; 'admin' for an admin; 'former member' once the account is deleted; null when no one was named"),
  created_at: isoDate,
  changes: z
    .array(z.object({ field: z.enum(REVISION_FIELDS), before: revisionValue, after: revisionValue }))
    .describe("the fields it changed, in the form's order; before is null in a 'create'"),
});
export type Revision = z.infer<typeof revisionSchema>;
