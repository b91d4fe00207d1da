import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, VoteSummary } from '@zaytoon/contract/client';
import { businessKeys } from './keys';

export const NO_VOTES: VoteSummary = { vote_score: 0, upvotes: 0, downvotes: 0, user_vote: null };

/** 'Community Rating': counts and the viewer's own vote. */
export function getVotesQueryOptions(api: ApiClient, id: number, viewer: number | null) {
  return queryOptions({
    queryKey: businessKeys.votes(id, viewer),
    queryFn: () => api.call('getVotes', { id }),
  });
}
