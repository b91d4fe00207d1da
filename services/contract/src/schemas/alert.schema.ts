import { z } from 'zod';
import { issueMessage } from '../i18n/message-codes';
import { inputText, isoDate } from './common.schema';
import { directoryFilterSchema } from './directory.schema';

/** Empty or 'all' is no filter, as on /browse (CONTRACT.md); stored as null. */
const alertFilter = (schema: z.ZodType<string | undefined>) => schema.transform((value) => (!value || value.toLowerCase() === 'all' ? null : value));

/** 'Email me new businesses like these': every filter of /browse, as its list reads them. */
export const alertInputSchema = z.object({
  city: alertFilter(directoryFilterSchema.shape.city),
  category: alertFilter(directoryFilterSchema.shape.category),
  search: alertFilter(directoryFilterSchema.shape.search),
  verified: directoryFilterSchema.shape.verified
    .transform((value) => (value === undefined ? null : value === 'true'))
    .describe("/browse's 'Verified only': true, only businesses whose verification is current; false, only the others"),
  open_now: directoryFilterSchema.shape.open_now
    .transform((value) => value === 'true')
    .describe("/browse's 'Open now': a daily mail has no 'now', so it lists the new businesses whose hours say when they open"),
  alternative_to: alertFilter(directoryFilterSchema.shape.alternative_to).describe("/browse's 'Alternative to…': a brand's slug"),
  palestinian_product: alertFilter(directoryFilterSchema.shape.palestinian_product).describe(
    "/browse's 'Palestinian products': a product type's slug, or 'any'",
  ),
});
export type AlertInput = z.input<typeof alertInputSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  city: z.string().nullable().describe('null: every city'),
  category: z.string().nullable().describe('null: every category'),
  search: z.string().nullable().describe('null: no search'),
  verified: z.boolean().nullable().describe("true: only verified businesses ('Verified only'); false: only the others; null: either"),
  open_now: z.boolean().describe("'Open now' on /browse: only businesses whose hours say when they open"),
  alternative_to: z.string().nullable().describe("'Alternative to…': the brand's slug; null: any business"),
  alternative_to_name: z.string().nullable().describe("the brand's name"),
  palestinian_product: z.string().nullable().describe("'Palestinian products': a product type's slug, or 'any'; null: any business"),
  palestinian_product_name: z.string().nullable().describe("the product type's name; null for 'any'"),
  created_at: isoDate,
});
export type Alert = z.infer<typeof alertSchema>;

/** A mailed unsubscribe link's token: the alert ids it ends and their signature (HMAC), no session needed. */
export const alertUnsubscribeQuerySchema = z.object({
  token: inputText({ error: issueMessage('alertLinkInvalid') })
    .max(400, issueMessage('alertLinkInvalid'))
    .regex(/^\d{1,10}(-\d{1,10}){0,49}\.[A-Za-z0-9_-]{43}$/, issueMessage('alertLinkInvalid')),
});
