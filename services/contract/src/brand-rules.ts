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
