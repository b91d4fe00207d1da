import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoteSummary, VoteType } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { directoryKeys } from '../../directory/api/keys';
import { getVotesQueryOptions, NO_VOTES } from './get-votes';
import { answerText, useMemberActionMessage } from './memberActionMessage';
import { useProtectionRefresh } from './protection';

/** What the server will answer: the same vote again takes it back, the other one replaces it. */
export function applyVote(summary: VoteSummary, type: VoteType): VoteSummary {
  let { upvotes, downvotes } = summary;
  if (summary.user_vote === 'upvote') upvotes -= 1;
  if (summary.user_vote === 'downvote') downvotes -= 1;
  const user_vote = summary.user_vote === type ? null : type;
  if (user_vote === 'upvote') upvotes += 1;
  if (user_vote === 'downvote') downvotes += 1;
  return { upvotes, downvotes, vote_score: upvotes - downvotes, user_vote };
}

/** A vote shows at once; a refused one is rolled back and toasted. */
export function useVote(businessId: number) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const memberActionMessage = useMemberActionMessage();
  const queryClient = useQueryClient();
  const viewer = useSession((state) => state.user?.id ?? null);
  const key = getVotesQueryOptions(api, businessId, viewer).queryKey;
  const refreshProtection = useProtectionRefresh(businessId);

  return useMutation({
    mutationFn: (type: VoteType) => api.call('vote', { id: businessId, body: { vote_type: type } }),
    onMutate: async (type) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, applyVote(previous ?? NO_VOTES, type));
      return { previous };
    },
    onError: (error, _type, context) => {
      console.error('vote failed', error);
      queryClient.setQueryData(key, context?.previous ?? NO_VOTES);
      toast.error(memberActionMessage(error, 'loginToVote', 'voteFailed'));
    },
    onSuccess: (result) => {
      const { vote_score, upvotes, downvotes } = result;
      queryClient.setQueryData(key, { vote_score, upvotes, downvotes, user_vote: result.user_vote ?? null });
      if (result.message) toast.success(answerText(t, result.message, ['voteRecorded', 'voteRemoved', 'voteChanged']));
    },
    // Scores shown elsewhere (lists, the map popup) are read again when next shown.
    onSettled: (_result, error, type) => {
      refreshProtection(type === 'downvote', error);
      return queryClient.invalidateQueries({ queryKey: directoryKeys.all, refetchType: 'none' });
    },
  });
}
