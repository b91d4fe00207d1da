import type { Report, ReviewAction } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { afterReportReviewed } from '../adminState';
import { useDecision } from './decisions';

export interface ReviewReportVariables {
  report: Report;
  action: ReviewAction;
}

/** POST /api/admin/reports/{id}/review: approving removes the business with all it has pending. */
export function useReviewReport() {
  const { api } = useHost();
  return useDecision<ReviewReportVariables>({
    kind: 'review-report',
    send: ({ report, action }) => api.call('reviewReport', { id: report.id, query: { action } }),
    change: (state, { report, action }) => afterReportReviewed(state, report, action),
    removes: ({ report, action }) => (action === 'approve' ? report.business_id : undefined),
    success: ({ action }, message) => message(action === 'approve' ? 'reportApproved' : 'reportRejected'),
    failure: 'processReportFailed',
    log: 'review report failed',
  });
}
