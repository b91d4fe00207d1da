/** Boycotted brands and the businesses that are alternatives to them; Palestinian product types. */
export const BRAND_RULES = {
  nameMaxLength: 100,
  slugMaxLength: 60,
  reasonMaxLength: 300,
  maxSources: 10,
  /** A business is an alternative to at most this many brands. */
  maxPerBusiness: 10,
  /** The brand list's search answers at most this many. */
  listMaxLimit: 100,
  listDefaultLimit: 20,
  productTypeNameMaxLength: 60,
  maxProductTypes: 50,
} as const;

/**
 * The product types migration 038 seeds: every catalog (the pages' and the mails') names them by slug, which never
 * changes; a type the admins added since reads as they named it.
 */
export const SEEDED_PRODUCT_TYPES = ['olive-oil', 'zaatar', 'dates', 'maftoul', 'soap', 'ceramics', 'embroidery', 'books'] as const;
export type SeededProductType = (typeof SEEDED_PRODUCT_TYPES)[number];
export const isSeededProductType = (slug: string): slug is SeededProductType => (SEEDED_PRODUCT_TYPES as readonly string[]).includes(slug);
