import { formatScore, MESSAGES, type VoteSummary, type VoteType } from '@zaytoon/contract/client';
import { useHost, useSession } from '../../host';
import { NO_VOTES } from '../../features/business/api/get-votes';
import { useVote } from '../../features/business/api/use-vote';

/** 'Community Rating': up/down buttons with counts, net score, the user's vote highlighted (SPEC §2). */
export function CommunityRating({ businessId, votes }: { businessId: number; votes: VoteSummary | null }) {
  const { toast } = useHost();
  const user = useSession((state) => state.user);
  const voting = useVote(businessId);
  const busy = voting.isPending;
  const summary = votes ?? NO_VOTES;

  const vote = (type: VoteType) => {
    if (!user) {
      toast.error(MESSAGES.loginToVote);
      return;
    }
    voting.mutate(type);
  };

  return (
    <section className="zd-card zd-rating" aria-labelledby="zd-rating-title" data-testid="community-rating">
      <h2 id="zd-rating-title" className="zd-section-title">
        Community Rating
      </h2>
      <div className="zd-rating__row">
        <button
          type="button"
          className="zd-vote zd-vote--up"
          aria-pressed={summary.user_vote === 'upvote'}
          disabled={busy}
          onClick={() => vote('upvote')}
          data-testid="upvote"
        >
          <span aria-hidden="true">▲</span> <span className="zd-visually-hidden">Upvote</span> {summary.upvotes}
        </button>
        <button
          type="button"
          className="zd-vote zd-vote--down"
          aria-pressed={summary.user_vote === 'downvote'}
          disabled={busy}
          onClick={() => vote('downvote')}
          data-testid="downvote"
        >
          <span aria-hidden="true">▼</span> <span className="zd-visually-hidden">Downvote</span> {summary.downvotes}
        </button>
        <p className="zd-rating__score">
          <span className={`zd-rating__value ${summary.vote_score < 0 ? 'zd-score--negative' : 'zd-score--positive'}`} data-testid="net-score">
            {formatScore(summary.vote_score)}
          </span>
          <span className="zd-rating__label">net score</span>
        </p>
      </div>
    </section>
  );
}
