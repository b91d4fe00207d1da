import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { pagedAnswer } from '../http/page-headers';

export function adminController(
  core: Core,
): Pick<
  RouteHandlers,
  | 'statistics'
  | 'pendingReports'
  | 'reportedBusinesses'
  | 'reviewReport'
  | 'pendingSuggestions'
  | 'reviewSuggestion'
  | 'deleteBusiness'
  | 'rechecks'
  | 'brokenLinks'
  | 'pendingClaims'
  | 'approveClaim'
  | 'rejectClaim'
  | 'duplicatePairs'
  | 'dismissDuplicate'
  | 'mergeBusiness'
  | 'verificationHistory'
  | 'verifyBusiness'
  | 'unverifyBusiness'
  | 'revertRevision'
  | 'redactRevision'
  | 'pausedBusinesses'
  | 'keepBurstVotes'
  | 'discardBurstVotes'
  | 'liftProtection'
> {
  const { reports, suggestions, adminReview, statistics, verification, links, revisions, claims, duplicates, protection } = core.services;
  return {
    statistics: () => statistics.read(),
    pendingReports: pagedAnswer(({ query }) => reports.listPending(query)),
    reportedBusinesses: pagedAnswer(({ query }) => reports.reportedBusinesses(query)),
    reviewReport: ({ query, id, user }) => adminReview.reviewReport(id, query.action, user),
    pendingSuggestions: pagedAnswer(({ query }) => suggestions.listPending(query)),
    reviewSuggestion: ({ query, id, user }) => adminReview.reviewSuggestion(id, query.action, user),
    deleteBusiness: ({ id, user }) => adminReview.deleteBusiness(id, user),
    rechecks: pagedAnswer(({ query }) => verification.rechecks(query)),
    brokenLinks: pagedAnswer(({ query }) => links.broken(query)),
    pendingClaims: pagedAnswer(({ query }) => claims.pending(query)),
    approveClaim: ({ id, user }) => claims.approve(id, user),
    rejectClaim: ({ id, user }) => claims.reject(id, user),
    duplicatePairs: pagedAnswer(({ query }) => duplicates.pairs(query)),
    dismissDuplicate: ({ id, user }) => duplicates.dismiss(id, user),
    mergeBusiness: ({ body, id, user }) => duplicates.merge(id, body, user),
    verificationHistory: ({ id }) => verification.history(id),
    verifyBusiness: ({ body, id, user }) => verification.verify(id, body, user),
    unverifyBusiness: ({ body, id, user }) => verification.unverify(id, body, user),
    revertRevision: ({ id, secondId, user }) => revisions.revert(id, secondId, user),
    redactRevision: ({ body, id, secondId, user }) => revisions.redact(id, secondId, body, user),
    pausedBusinesses: pagedAnswer(({ query }) => protection.paused(query)),
    keepBurstVotes: ({ id, user }) => protection.keepVotes(id, user),
    discardBurstVotes: ({ id, user }) => protection.discardVotes(id, user),
    liftProtection: ({ id, user }) => protection.lift(id, user),
  };
}
