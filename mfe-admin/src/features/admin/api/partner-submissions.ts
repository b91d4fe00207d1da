import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient, PartnerSubmission } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useAdminDecision } from './admin-decision';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/submissions: businesses partners submitted, oldest first, each with its partner's name; searched by business name. */
export function getPendingSubmissionsQueryOptions(api: ApiClient, filter: QueueSearch = {}) {
  return queueQueryOptions({
    base: adminKeys.submissions(),
    filter,
    failure: 'internalError',
    readPage: (query) => api.callPage('pendingSubmissions', { query }),
  });
}

export function usePendingSubmissions(filter: QueueSearch = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getPendingSubmissionsQueryOptions(api, filter), ...options });
}

export type SubmissionAction = 'approve' | 'reject';

/** Approve (the business is listed) or reject a partner's submission; the lists are read again once it settles. */
export function useReviewSubmission() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'review-submission',
    send: ({ submission, action }: { submission: PartnerSubmission; action: SubmissionAction }) =>
      api.call(action === 'approve' ? 'approveSubmission' : 'rejectSubmission', { id: submission.id }),
    success: ({ action }, message) => message(action === 'approve' ? 'submissionApproved' : 'submissionRejected'),
    failure: 'internalError',
  });
}
