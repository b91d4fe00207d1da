import { useId } from 'react';
import { formatScore, type VoteSummary, type VoteType } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { NO_VOTES } from '../../features/business/api/get-votes';
import { useVote } from '../../features/business/api/use-vote';
import { useMessages, type DirectoryMessage } from '../../i18n/messages';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import rating from './CommunityRating.module.css';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** 'Community Rating': up/down buttons with counts, net score, the user's vote highlighted (SPEC §2). */
export function CommunityRating({ businessId, votes }: { businessId: number; votes: VoteSummary | null }) {
  const titleId = useId();
  const t = useMessages();
  const message = useContractMessages();
  const { toast } = useHost();
  const user = useSession((state) => state.user);
  const voting = useVote(businessId);
  const busy = voting.isPending;
  const summary = votes ?? NO_VOTES;

  const vote = (type: VoteType) => {
    if (!user) {
      toast.error(message('loginToVote'));
      return;
    }
    voting.mutate(type);
  };

  return (
    <section className={shared.card} aria-labelledby={titleId} data-testid="community-rating">
      <h2 id={titleId} className={forms.sectionTitle}>
        {t('rating.title')}
      </h2>
      <div className={rating.row}>
        <VoteButton type="upvote" count={summary.upvotes} pressed={summary.user_vote === 'upvote'} disabled={busy} onVote={vote} />
        <VoteButton type="downvote" count={summary.downvotes} pressed={summary.user_vote === 'downvote'} disabled={busy} onVote={vote} />
        <p className={rating.score}>
          <span className={`${rating.value} ${summary.vote_score < 0 ? shared.scoreNegative : rating.positive}`} data-testid="net-score" dir="ltr">
            {formatScore(summary.vote_score)}
          </span>
          <span className={rating.label}>{t('rating.net')}</span>
        </p>
      </div>
    </section>
  );
}

const VOTE_BUTTONS = {
  upvote: { modifier: rating.up, arrow: '▲', label: 'rating.up' },
  downvote: { modifier: rating.down, arrow: '▼', label: 'rating.down' },
} as const satisfies Record<VoteType, { modifier: string; arrow: string; label: DirectoryMessage }>;

function VoteButton({
  type,
  count,
  pressed,
  disabled,
  onVote,
}: {
  type: VoteType;
  count: number;
  pressed: boolean;
  disabled: boolean;
  onVote: (type: VoteType) => void;
}) {
  const { modifier, arrow, label } = VOTE_BUTTONS[type];
  const t = useMessages();
  return (
    <button
      type="button"
      className={`${rating.vote} ${modifier}`}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onVote(type)}
      data-testid={type}
    >
      <span aria-hidden="true">{arrow}</span> <span className="visually-hidden">{t(label)}</span> {count}
    </button>
  );
}
