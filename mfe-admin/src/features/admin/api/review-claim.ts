import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Claim } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { settleDecision } from './decisions';
import { adminKeys } from './keys';

export type ClaimAction = 'approve' | 'reject';

export interface ReviewClaimVariables {
  claim: Claim;
  action: ClaimAction;
}

type ClaimPages = InfiniteData<{ items: Claim[]; total: number; nextCursor: string | null }, string | undefined>;

/** The claims the decision takes out of the list: approving one rejects the business's other pending claims too. */
const leaving =
  ({ claim, action }: ReviewClaimVariables) =>
  (item: Claim) =>
    item.id === claim.id || (action === 'approve' && item.business.id === claim.business.id);

/**
 * Approve or reject a claim, shown at once as the other tabs' decisions are: the card (and, on approval, the
 * business's other claims) leaves and the tab's count drops; a refusal puts the list back and toasts the server's
 * `detail`; either way the lists are read again once no other decision is in flight.
 */
export function useReviewClaim() {
  const { api, toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision('review-claim'),
    mutationFn: ({ claim, action }: ReviewClaimVariables) => api.call(action === 'approve' ? 'approveClaim' : 'rejectClaim', { id: claim.id }),
    onMutate: async (variables: ReviewClaimVariables) => {
      await client.cancelQueries({ queryKey: adminKeys.claims() });
      const before = client.getQueryData<ClaimPages>(adminKeys.claims());
      if (before) {
        const gone = leaving(variables);
        const removed = before.pages.reduce((count, page) => count + page.items.filter(gone).length, 0);
        client.setQueryData<ClaimPages>(adminKeys.claims(), {
          ...before,
          pages: before.pages.map((page) => ({ ...page, items: page.items.filter((item) => !gone(item)), total: Math.max(0, page.total - removed) })),
        });
      }
      return before;
    },
    onSuccess: (_answer, { action }) => toast.success(message(action === 'approve' ? 'claimApproved' : 'claimRejected')),
    onError: (error, _variables, before) => {
      if (before) client.setQueryData(adminKeys.claims(), before);
      console.error('review claim failed', error);
      toast.error(errorText(error, 'processClaimFailed'));
    },
    onSettled: () => settleDecision(client),
  });
}
