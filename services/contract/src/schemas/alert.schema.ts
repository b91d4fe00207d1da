import { z } from 'zod';
import { issueMessage } from '../i18n/message-codes';
import { inputText, isoDate } from './common.schema';
import { directoryFilterSchema } from './directory.schema';

/** Empty or 'all' is no filter, as on /browse (CONTRACT.md); stored as null. */
const alertFilter = (schema: z.ZodType<string | undefined>) => schema.transform((value) => (!value || value.toLowerCase() === 'all' ? null : value));

/** 'Email me new businesses like these': /browse's city, category and search, as its list reads them. */
export const alertInputSchema = z.object({
  city: alertFilter(directoryFilterSchema.shape.city),
  category: alertFilter(directoryFilterSchema.shape.category),
  search: alertFilter(directoryFilterSchema.shape.search),
});
export type AlertInput = z.input<typeof alertInputSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  city: z.string().nullable().describe('null: every city'),
  category: z.string().nullable().describe('null: every category'),
  search: z.string().nullable().describe('null: no search'),
  created_at: isoDate,
});
export type Alert = z.infer<typeof alertSchema>;

/** A mailed unsubscribe link's token: the alert ids it ends and their signature (HMAC), no session needed. */
export const alertUnsubscribeQuerySchema = z.object({
  token: inputText({ error: issueMessage('alertLinkInvalid') })
    .max(400, issueMessage('alertLinkInvalid'))
    .regex(/^\d{1,10}(-\d{1,10}){0,49}\.[A-Za-z0-9_-]{43}$/, issueMessage('alertLinkInvalid')),
});
