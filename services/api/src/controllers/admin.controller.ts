import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table.js';

export function adminController(core: Core): Pick<
  RouteHandlers,
  'statistics' | 'pendingReports' | 'reportedBusinesses' | 'reviewReport' | 'pendingSuggestions' | 'reviewSuggestion' | 'deleteBusiness'
> {
  const { reports, suggestions, adminReview, statistics } = core.services;
  return {
    statistics: () => statistics.read(),
    pendingReports: () => reports.listPending(),
    reportedBusinesses: () => reports.reportedBusinesses(),
    reviewReport: ({ req, id, user }) => adminReview.reviewReport(id, req.query, user!),
    pendingSuggestions: () => suggestions.listPending(),
    reviewSuggestion: ({ req, id, user }) => adminReview.reviewSuggestion(id, req.query, user!),
    deleteBusiness: ({ id, user }) => adminReview.deleteBusiness(id, user!),
  };
}
