import type { ReviewAction, Suggestion } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { afterSuggestionReviewed } from '../adminState';
import { useDecision } from './decisions';

export interface ReviewSuggestionVariables {
  suggestion: Suggestion;
  action: ReviewAction;
}

/** POST /api/admin/suggestions/{id}/review: either way the suggestion leaves the queue. */
export function useReviewSuggestion() {
  const { api } = useHost();
  return useDecision<ReviewSuggestionVariables>({
    kind: 'review-suggestion',
    send: ({ suggestion, action }) => api.call('reviewSuggestion', { id: suggestion.id, query: { action } }),
    change: (state, { suggestion }) => afterSuggestionReviewed(state, suggestion),
    success: ({ action }, message) => message(action === 'approve' ? 'suggestionApproved' : 'suggestionRejected'),
    failure: 'processSuggestionFailed',
    log: 'review suggestion failed',
  });
}
