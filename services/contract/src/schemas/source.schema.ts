import { z } from 'zod';
import { INPUT_LABELS, MAX_ID, SOURCE_KINDS, SOURCE_RULES } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { boundedText, hasWebPort, isHttpUrl, isoDate, isoDay, pastIsoDay, requiredText } from './common.schema';
import { linkStatusSchema } from './link-check.schema';

/** One source of a business's proof of support, as a member writes it. */
export const sourceInputSchema = z.object({
  id: z
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .optional()
    .describe("one of the business's sources: kept with its link checks when its url is unchanged; left out for a new source"),
  kind: z.enum(SOURCE_KINDS, { error: issueMessage('sourceKindRequired') }),
  url: boundedText(SOURCE_RULES.urlMaxLength, INPUT_LABELS.sourceLink)
    .refine((value) => value === '' || isHttpUrl(value), issueMessage('sourceUrlInvalid'))
    .refine((value) => value === '' || !isHttpUrl(value) || hasWebPort(value), issueMessage('sourceUrlPortRefused'))
    .optional()
    .default('')
    .describe('an http(s) link to the source; empty when there is none'),
  description: requiredText(issueMessage('sourceDescriptionRequired'), SOURCE_RULES.descriptionMaxLength, INPUT_LABELS.sourceDescription).describe(
    'a short quote or description',
  ),
  date: pastIsoDay(issueMessage('sourceDateInvalid')).describe('when the source was published or seen, YYYY-MM-DD'),
});
export type SourceInput = z.input<typeof sourceInputSchema>;
export type ValidSourceInput = z.output<typeof sourceInputSchema>;

export const sourcesInputSchema = z
  .array(sourceInputSchema)
  .max(SOURCE_RULES.maxPerBusiness, issueMessage('tooManySources', { max: SOURCE_RULES.maxPerBusiness }));

/**
 * A source's latest link check. Everyone sees whether the link works and the archived page's title; what the check
 * fetched (status, where it ended, the page's text) is for admins only: the public answer must not
 * make the checker a way to read pages it reached.
 */
export const sourceLinkSchema = z.object({
  status: linkStatusSchema,
  archived_title: z.string().nullable().describe("the page's title when it was last reached"),
  checked_at: isoDate.nullable().optional().describe('admins only'),
  final_url: z.string().nullable().optional().describe('admins only: where the link led after redirects'),
  http_status: z.number().int().nullable().optional().describe('admins only'),
  archived_excerpt: z.string().nullable().optional().describe("admins only: the start of the page's text when it was last reached"),
});

export const sourceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SOURCE_KINDS),
  url: z.string().nullable(),
  description: z.string(),
  date: isoDay,
  link: sourceLinkSchema.nullable().describe('the latest link check; null when the source has no url'),
});
export type Source = z.infer<typeof sourceSchema>;
