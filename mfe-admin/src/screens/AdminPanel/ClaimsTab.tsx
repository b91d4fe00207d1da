import { formatDate, NEW_TAB_REL, type Claim } from '@zaytoon/contract/client';
import { useClaims } from '../../features/admin/api/get-claims';
import { useReviewClaim, type ClaimAction } from '../../features/admin/api/review-claim';
import { rich } from '../../i18n/Rich';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { SearchedList } from './SearchedList';
import { ReviewButtons } from './ReviewButtons';
import { settled } from './QueueTab';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** Owner claims, oldest first, searched by business name: approving makes the member the owner, who can then edit. */
export function ClaimsTab() {
  const t = useMessages();
  const review = useReviewClaim();
  return (
    <SearchedList
      testId="claims"
      useItems={useClaims}
      failure="loadClaimsFailed"
      empty={t('claims.empty')}
      renderItem={(claim) => <ClaimCard key={claim.id} claim={claim} onReview={(action) => settled(review.mutateAsync({ claim, action }))} />}
    />
  );
}

function ClaimCard({ claim, onReview }: { claim: Claim; onReview: (action: ClaimAction) => Promise<unknown> }) {
  const t = useMessages();
  const message = useContractMessages();
  return (
    <li className={`${card.card} ${card.item}`} data-testid="claim-card" data-claim-id={claim.id} data-business-id={claim.business.id}>
      <div className={card.itemHead}>
        <span className={`${card.badge} ${card.badgePurple}`}>{t('claims.badge')}</span>
        {claim.email_domain_matches && (
          <span className={`${card.badge} ${card.badgeGreen}`} data-testid="domain-match">
            {message('emailDomainMatches')}
          </span>
        )}
        <time className={card.muted} dateTime={claim.created_at}>
          {formatDate(claim.created_at)}
        </time>
      </div>
      <h3 className={card.itemTitle} dir="auto">
        <a href={`/business/${claim.business.id}`} target="_blank" rel={NEW_TAB_REL}>
          {claim.business.name}
        </a>
      </h3>
      {claim.business.website && (
        <p className={card.url} dir="ltr">
          {claim.business.website}
        </p>
      )}
      <p>
        {rich(t, 'claims.by', {
          name: <strong dir="auto">{claim.member.username}</strong>,
          email: <bdi dir="ltr">{claim.member.email}</bdi>,
        })}
      </p>
      <p className={card.text} data-testid="claim-evidence" dir="auto">
        {claim.evidence}
      </p>
      <ReviewButtons onReview={onReview} />
    </li>
  );
}
