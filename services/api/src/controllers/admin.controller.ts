import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';

export function adminController(
  core: Core,
): Pick<
  RouteHandlers,
  'statistics' | 'pendingReports' | 'reportedBusinesses' | 'reviewReport' | 'pendingSuggestions' | 'reviewSuggestion' | 'deleteBusiness'
> {
  const { reports, suggestions, adminReview, statistics } = core.services;
  return {
    statistics: () => statistics.read(),
    pendingReports: () => reports.listPending(),
    reportedBusinesses: () => reports.reportedBusinesses(),
    reviewReport: ({ query, id, user }) => adminReview.reviewReport(id, query.action, user!),
    pendingSuggestions: () => suggestions.listPending(),
    reviewSuggestion: ({ query, id, user }) => adminReview.reviewSuggestion(id, query.action, user!),
    deleteBusiness: ({ id, user }) => adminReview.deleteBusiness(id, user!),
  };
}
