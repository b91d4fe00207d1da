import { z } from 'zod';
import { isoDate } from './common.schema';

/** Where a source's link stands: 'failing' after a failed check, 'broken' after LINK_CHECK_RULES.failuresForBroken in a row. */
export const linkStatusSchema = z.enum(['unchecked', 'ok', 'failing', 'broken']);
export type LinkStatus = z.infer<typeof linkStatusSchema>;

/** Which list a source is on: a business's proof of support, a brand's reasons, or what shows a business's Palestinian products. */
export const sourceListSchema = z.enum(['business', 'brand', 'product']);

/** A source whose link is broken, for the admins. */
export const brokenLinkSchema = z.object({
  list: sourceListSchema.describe("business: a business's source; brand: a brand's; product: what shows a business stocks Palestinian products"),
  source_id: z.number().int().describe('unique within its list'),
  business: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe("the business of a business's or a product source; null for a brand's"),
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable().describe("the brand of a brand's source; null otherwise"),
  url: z.string(),
  status: linkStatusSchema,
  http_status: z.number().int().nullable().describe('of the last check; null when no answer came (timeout, refused address, network)'),
  final_url: z.string().nullable().describe('where the last check ended after redirects'),
  failures: z.number().int().describe('failed checks in a row'),
  checked_at: isoDate.nullable(),
  archived_title: z.string().nullable().describe("the page's title when it last answered"),
});
export type BrokenLink = z.infer<typeof brokenLinkSchema>;
