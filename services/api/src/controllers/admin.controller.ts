import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table.js';

export function adminController(core: Core): Pick<
  RouteHandlers,
  'pendingReports' | 'reportedBusinesses' | 'reviewReport' | 'pendingSuggestions' | 'reviewSuggestion' | 'deleteBusiness'
> {
  const { reports, suggestions, adminReview } = core.services;
  return {
    pendingReports: () => reports.listPending(),
    reportedBusinesses: () => reports.reportedBusinesses(),
    reviewReport: ({ req, id, user }) => adminReview.reviewReport(id, req.query, user!),
    pendingSuggestions: () => suggestions.listPending(),
    reviewSuggestion: ({ req, id, user }) => adminReview.reviewSuggestion(id, req.query, user!),
    deleteBusiness: ({ id, user }) => adminReview.deleteBusiness(id, user!),
  };
}
