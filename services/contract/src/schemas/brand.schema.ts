import { z } from 'zod';
import { BRAND_RULES } from '../brand-rules';
import { issueMessage } from '../i18n/message-codes';
import { idSchema, inputText, oneLineText, requiredText } from './common.schema';
import { photoSchema } from './photo.schema';
import { sourceInputSchema, sourceSchema } from './source.schema';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A brand's or product type's slug: lower-case letters and digits joined by single dashes. */
export const slugSchema = inputText({ error: issueMessage('brandSlugInvalid') })
  .trim()
  .max(BRAND_RULES.slugMaxLength, issueMessage('brandSlugInvalid'))
  .regex(SLUG, issueMessage('brandSlugInvalid'));

/** The slug a name gets when none is given: its letters and digits, lower-case, joined by dashes. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BRAND_RULES.slugMaxLength)
    .replace(/-+$/, '');
}

/** A brand as a business's badge and the brand list show it. */
export const brandSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().describe('names the brand page, /alternatives/<slug>, and the open data; never changes'),
});
export type BrandSummary = z.infer<typeof brandSummarySchema>;

export const brandSchema = brandSummarySchema.extend({
  reason: z.string().describe('why people avoid the brand, in short'),
  sources: z.array(sourceSchema).describe('the sources of the reason, newest first'),
  alternatives: z.number().int().describe('how many listed businesses are alternatives to it'),
});
export type Brand = z.infer<typeof brandSchema>;

const brandName = oneLineText(requiredText(issueMessage('brandNameRequired'), BRAND_RULES.nameMaxLength, 'Brand name'), 'Brand name');

/** An admin's brand: the sources sent replace the brand's, keeping the link checks of each sent back with its id and url. */
export const brandInputSchema = z.object({
  name: brandName,
  slug: slugSchema.optional().describe("made from the name when left out; a brand's slug never changes once made"),
  reason: requiredText(issueMessage('brandReasonRequired'), BRAND_RULES.reasonMaxLength, 'Reason'),
  sources: z
    .array(sourceInputSchema, { error: issueMessage('brandSourceRequired') })
    .min(1, issueMessage('brandSourceRequired'))
    .max(BRAND_RULES.maxSources, issueMessage('tooManySources', { max: BRAND_RULES.maxSources })),
});
export type BrandInput = z.input<typeof brandInputSchema>;
export type ValidBrandInput = z.output<typeof brandInputSchema>;

/** The brand list: all brands A-Z, or those whose name holds `search`, those that start with it first. */
export const brandListQuerySchema = z.object({
  search: inputText().trim().max(BRAND_RULES.nameMaxLength).optional().describe('only brands whose name holds this text (any case)'),
  limit: inputText({ error: issueMessage('limitOutOfRange') })
    .regex(/^\d{1,3}$/, issueMessage('limitOutOfRange'))
    .transform(Number)
    .pipe(z.number().min(1, issueMessage('limitOutOfRange')).max(BRAND_RULES.listMaxLimit, issueMessage('limitOutOfRange')))
    .optional()
    .describe(`at most this many, default ${BRAND_RULES.listDefaultLimit}, at most ${BRAND_RULES.listMaxLimit}`),
});

export const brandSlugParamsSchema = z.object({ slug: inputText().max(BRAND_RULES.slugMaxLength * 2) });

const slugList = (unknown: 'brandUnknown' | 'productTypeUnknown', max: number) =>
  z
    .array(inputText({ error: issueMessage(unknown) }).trim(), { error: issueMessage(unknown) })
    .max(max, issueMessage(unknown))
    .transform((slugs) => [...new Set(slugs)]);

/** An owner's or admin's list of the brands the business is an alternative to (replaces the list). */
export const businessAlternativesInputSchema = z.object({
  brands: slugList('brandUnknown', BRAND_RULES.maxPerBusiness).describe("the brands' slugs; an empty list removes every tag"),
});

/** A type of Palestinian product a business may stock. */
export const productTypeSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type ProductType = z.infer<typeof productTypeSchema>;

export const productTypeInputSchema = z.object({
  name: oneLineText(requiredText(issueMessage('productTypeNameRequired'), BRAND_RULES.productTypeNameMaxLength, 'Name'), 'Name'),
  slug: slugSchema.optional().describe('made from the name when left out; never changes once made'),
});

/** What a business stocks, with what shows it: a source, one of the business's photos, or both (one is required while it lists any). */
export const businessProductsSchema = z.object({
  products: z.array(productTypeSchema),
  source: sourceSchema.nullable(),
  photo: photoSchema.nullable().describe("the business's photo that shows them, while it is listed (a hidden or removed photo shows nothing)"),
});
export type BusinessProducts = z.infer<typeof businessProductsSchema>;

export const businessProductsInputSchema = z
  .object({
    products: slugList('productTypeUnknown', BRAND_RULES.maxProductTypes).describe("the product types' slugs; an empty list removes them"),
    source: sourceInputSchema.optional().describe('a source that shows the business stocks them'),
    photo_id: idSchema(issueMessage('productPhotoUnknown'))
      .optional()
      .describe("one of the business's listed photos that shows them; unless the list is empty, a source or a photo is required"),
  })
  .superRefine((input, ctx) => {
    if (input.products.length && !input.source && input.photo_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['source'], message: issueMessage('productProofRequired') });
  });
export type BusinessProductsInput = z.input<typeof businessProductsInputSchema>;
