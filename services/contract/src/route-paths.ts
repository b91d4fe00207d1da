import { OPEN_DATA_PATHS } from './open-data';

/**
 * The method and path (below /api) of every call of SPEC §7, by name: the API mounts them (with the schemas of
 * routes.ts), the browser client calls them. No schemas here, so the client's bundle stays free of zod.
 */
export type Method = 'get' | 'post' | 'put' | 'delete';

export const ROUTE_PATHS = {
  me: { method: 'get', path: '/auth/me' },
  setLanguage: { method: 'put', path: '/auth/me/language' },
  login: { method: 'post', path: '/auth/login' },
  signup: { method: 'post', path: '/auth/signup' },
  logout: { method: 'post', path: '/auth/logout' },
  adminStatus: { method: 'get', path: '/auth/admin-status' },
  forgotPassword: { method: 'post', path: '/auth/forgot-password' },
  resetPassword: { method: 'post', path: '/auth/reset-password' },
  changePassword: { method: 'post', path: '/auth/change-password' },
  uploadProfilePicture: { method: 'post', path: '/auth/upload-profile-picture' },
  deleteAccount: { method: 'post', path: '/auth/delete-account' },
  totpSetup: { method: 'post', path: '/auth/totp/setup' },
  totpEnable: { method: 'post', path: '/auth/totp/enable' },
  totpDisable: { method: 'post', path: '/auth/totp/disable' },

  confirmEmail: { method: 'post', path: '/auth/confirm-email' },
  resendEmailConfirmation: { method: 'post', path: '/auth/confirm-email/resend' },
  listBusinesses: { method: 'get', path: '/businesses' },
  directorySummary: { method: 'get', path: '/businesses/summary' },
  cityGroups: { method: 'get', path: '/businesses/by-city' },
  mapVersion: { method: 'get', path: '/businesses/map/version' },
  mapTile: { method: 'get', path: '/businesses/map/:z/:x/:y' },
  duplicateCheck: { method: 'get', path: '/businesses/duplicates' },
  categories: { method: 'get', path: '/categories' },
  cities: { method: 'get', path: '/cities' },
  postcodeCentre: { method: 'get', path: '/postcode-centre' },
  getBusiness: { method: 'get', path: '/businesses/:id' },
  listBrands: { method: 'get', path: '/brands' },
  getBrand: { method: 'get', path: '/brands/:slug' },
  productTypes: { method: 'get', path: '/product-types' },
  setBusinessAlternatives: { method: 'put', path: '/businesses/:id/alternatives' },
  setBusinessProducts: { method: 'put', path: '/businesses/:id/products' },
  mergedBusinessPage: { method: 'get', path: '/businesses/:id/page' },
  exportBusinessesCsv: { method: 'get', path: OPEN_DATA_PATHS.csv },
  exportBusinessesGeoJson: { method: 'get', path: OPEN_DATA_PATHS.geojson },
  createBusiness: { method: 'post', path: '/businesses' },
  updateBusiness: { method: 'put', path: '/businesses/:id' },
  canEdit: { method: 'get', path: '/businesses/:id/can-edit' },
  getVotes: { method: 'get', path: '/businesses/:id/votes' },
  vote: { method: 'post', path: '/businesses/:id/vote' },
  listComments: { method: 'get', path: '/businesses/:id/comments' },
  addComment: { method: 'post', path: '/businesses/:id/comments' },
  deleteComment: { method: 'delete', path: '/comments/:commentId' },
  listSuggestions: { method: 'get', path: '/businesses/:id/suggestions' },
  addSuggestion: { method: 'post', path: '/businesses/:id/suggestions' },
  addReport: { method: 'post', path: '/reports' },
  confirmationSummary: { method: 'get', path: '/businesses/:id/confirmations' },
  confirmBusiness: { method: 'post', path: '/businesses/:id/confirmations' },
  businessHistory: { method: 'get', path: '/businesses/:id/history' },
  claimBusiness: { method: 'post', path: '/businesses/:id/claims' },
  confirmListing: { method: 'post', path: '/freshness/confirm' },
  listAlerts: { method: 'get', path: '/alerts' },
  createAlert: { method: 'post', path: '/alerts' },
  deleteAlert: { method: 'delete', path: '/alerts/:id' },
  unsubscribeAlert: { method: 'post', path: '/alerts/unsubscribe' },
  unsubscribeAlertPage: { method: 'get', path: '/alerts/unsubscribe' },
  statistics: { method: 'get', path: '/admin/statistics' },
  pendingReports: { method: 'get', path: '/admin/reports/pending' },
  reportedBusinesses: { method: 'get', path: '/admin/businesses/reported' },
  reviewReport: { method: 'post', path: '/admin/reports/:id/review' },
  pendingSuggestions: { method: 'get', path: '/admin/suggestions/pending' },
  reviewSuggestion: { method: 'post', path: '/admin/suggestions/:id/review' },
  deleteBusiness: { method: 'delete', path: '/admin/businesses/:id' },
  rechecks: { method: 'get', path: '/admin/rechecks' },
  brokenLinks: { method: 'get', path: '/admin/links/broken' },
  pendingClaims: { method: 'get', path: '/admin/claims' },
  approveClaim: { method: 'post', path: '/admin/claims/:id/approve' },
  rejectClaim: { method: 'post', path: '/admin/claims/:id/reject' },
  duplicatePairs: { method: 'get', path: '/admin/duplicates' },
  dismissDuplicate: { method: 'post', path: '/admin/duplicates/:id/dismiss' },
  mergeBusiness: { method: 'post', path: '/admin/businesses/:id/merge' },
  verificationHistory: { method: 'get', path: '/admin/businesses/:id/verifications' },
  verifyBusiness: { method: 'post', path: '/admin/businesses/:id/verifications' },
  unverifyBusiness: { method: 'post', path: '/admin/businesses/:id/unverify' },
  revertRevision: { method: 'post', path: '/admin/businesses/:id/revisions/:revisionId/revert' },
  redactRevision: { method: 'post', path: '/admin/businesses/:id/revisions/:revisionId/redact' },
  pausedBusinesses: { method: 'get', path: '/admin/protection' },
  keepBurstVotes: { method: 'post', path: '/admin/businesses/:id/protection/keep-votes' },
  discardBurstVotes: { method: 'post', path: '/admin/businesses/:id/protection/discard-votes' },
  liftProtection: { method: 'post', path: '/admin/businesses/:id/protection/lift' },
  createBrand: { method: 'post', path: '/admin/brands' },
  updateBrand: { method: 'put', path: '/admin/brands/:id' },
  createProductType: { method: 'post', path: '/admin/product-types' },
} as const satisfies Record<string, { method: Method; path: string }>;

export type RouteName = keyof typeof ROUTE_PATHS;

/** The path's id parameter (`:id`, `:commentId`) of a route, if it has one (a route with a `params` schema has none). */
export function pathIdParam(definition: { path: string; params?: unknown }): string | undefined {
  return definition.params ? undefined : /:(\w+)/.exec(definition.path)?.[1];
}

/** The path's second id parameter (`:revisionId`), if it has one. */
export function secondPathIdParam(definition: { path: string; params?: unknown }): string | undefined {
  return definition.params ? undefined : [...definition.path.matchAll(/:(\w+)/g)][1]?.[1];
}
