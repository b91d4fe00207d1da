import type { AdminStatistics, Business, Report, ReviewAction, Suggestion } from '@zaytoon/contract/client';

/**
 * What the panel shows, and how each admin decision changes it at once (before the server's
 * lists and the statistics rollup catch up). Pure functions, so the rules are unit-tested.
 */
export interface AdminState {
  stats: AdminStatistics | null;
  reports: Report[];
  suggestions: Suggestion[];
  businesses: Business[];
}

function withPending(stats: AdminStatistics | null, change: { reports?: number; suggestions?: number }): AdminStatistics | null {
  if (!stats) return stats;
  return {
    ...stats,
    pending: {
      reports: Math.max(0, stats.pending.reports - (change.reports ?? 0)),
      suggestions: Math.max(0, stats.pending.suggestions - (change.suggestions ?? 0)),
    },
  };
}

/**
 * Approve: the business goes (SPEC §4), and with it every pending report and suggestion about it.
 * Reject: only that report leaves; the business stays, with one report fewer.
 */
export function afterReportReviewed(state: AdminState, report: Report, action: ReviewAction): AdminState {
  if (action === 'approve') {
    const known = state.businesses.find((b) => b.id === report.business_id);
    const next = withoutBusiness(state, report.business_id, known);
    // The approved report itself always leaves the queue, even when it was not in our list.
    if (!state.reports.some((r) => r.id === report.id)) next.stats = withPending(next.stats, { reports: 1 });
    return next;
  }
  const businesses = state.businesses
    .map((business) =>
      business.id === report.business_id
        ? {
            ...business,
            report_count: Math.max(0, business.report_count - 1),
            latest_reports: (business.latest_reports ?? []).filter((r) => r.id !== report.id),
          }
        : business,
    )
    .filter((business) => business.report_count > 0);
  return {
    ...state,
    reports: state.reports.filter((r) => r.id !== report.id),
    businesses,
    stats: withPending(state.stats, { reports: 1 }),
  };
}

/** Either way the suggestion leaves the pending list (SPEC §4). */
export function afterSuggestionReviewed(state: AdminState, suggestion: Suggestion): AdminState {
  return {
    ...state,
    suggestions: state.suggestions.filter((s) => s.id !== suggestion.id),
    stats: withPending(state.stats, { suggestions: 1 }),
  };
}

/** A deleted business takes its reports and suggestions with it. */
export function afterBusinessDeleted(state: AdminState, business: Business): AdminState {
  return withoutBusiness(state, business.id, business);
}

/** Drops a business and everything pending about it; its verified flag, when known, moves the business counts. */
function withoutBusiness(state: AdminState, businessId: number, business: Pick<Business, 'verified'> | undefined): AdminState {
  const reports = state.reports.filter((r) => r.business_id !== businessId);
  const suggestions = state.suggestions.filter((s) => s.business_id !== businessId);
  const stats = withPending(state.stats, {
    reports: state.reports.length - reports.length,
    suggestions: state.suggestions.length - suggestions.length,
  });
  return {
    reports,
    suggestions,
    businesses: state.businesses.filter((b) => b.id !== businessId),
    stats:
      stats && business
        ? {
            ...stats,
            businesses: {
              total: Math.max(0, stats.businesses.total - 1),
              verified: Math.max(0, stats.businesses.verified - (business.verified ? 1 : 0)),
              unverified: Math.max(0, stats.businesses.unverified - (business.verified ? 0 : 1)),
            },
          }
        : stats,
  };
}

/**
 * The statistics rollup is refreshed by a worker job after each change, so an answer computed
 * before our last change is stale: keep the numbers adjusted here until a newer one arrives.
 */
export function isFreshStatistics(stats: AdminStatistics, changedAt: number): boolean {
  const computed = stats.computed_at ? Date.parse(stats.computed_at) : Number.NaN;
  return Number.isNaN(computed) || computed >= changedAt;
}
