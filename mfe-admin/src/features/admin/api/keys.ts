/**
 * Query and mutation keys of the admin panel. The answers are the same for every admin, and only
 * admins are handed this remote, so the keys do not hold the viewer.
 */
export const adminKeys = {
  all: ['admin'] as const,
  statistics: () => ['admin', 'statistics'] as const,
  reports: () => ['admin', 'reports', 'pending'] as const,
  suggestions: () => ['admin', 'suggestions', 'pending'] as const,
  businesses: () => ['admin', 'businesses', 'reported'] as const,
  rechecks: () => ['admin', 'rechecks'] as const,
  brokenLinks: () => ['admin', 'links', 'broken'] as const,
  claims: () => ['admin', 'claims', 'pending'] as const,
  duplicates: () => ['admin', 'duplicates'] as const,
  unusualActivity: () => ['admin', 'protection', 'paused'] as const,
  photos: () => ['admin', 'photos'] as const,
  partnerKeys: () => ['admin', 'partners'] as const,
  submissions: () => ['admin', 'submissions', 'pending'] as const,
  business: (id: number) => ['admin', 'business', id] as const,
  /** The brands tab: its lists, one brand, and the product types. */
  brandLists: ['admin', 'brands'] as const,
  brands: (search: string) => ['admin', 'brands', 'list', search] as const,
  brand: (slug: string) => ['admin', 'brands', 'one', slug] as const,
  productTypes: () => ['admin', 'brands', 'product-types'] as const,
  /** Every decision (review a report or a suggestion, delete a business) is a mutation under this key. */
  decisions: ['admin', 'decision'] as const,
  decision: (
    kind:
      | 'review-report'
      | 'review-suggestion'
      | 'delete-business'
      | 'verify-business'
      | 'mark-unverified'
      | 'review-claim'
      | 'merge-businesses'
      | 'dismiss-duplicate'
      | 'protection'
      | 'issue-partner-key'
      | 'revoke-partner-key'
      | 'review-submission'
      | 'photo'
      | 'save-brand'
      | 'delete-brand'
      | 'add-product-type'
      | 'delete-product-type',
  ) => ['admin', 'decision', kind] as const,
};
