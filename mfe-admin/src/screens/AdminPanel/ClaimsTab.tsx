import { formatDate, NEW_TAB_REL, type Claim } from '@zaytoon/contract/client';
import { useClaims } from '../../features/admin/api/get-claims';
import { useReviewClaim, type ClaimAction } from '../../features/admin/api/review-claim';
import { useBusy } from './useBusy';
import { rich } from '../../i18n/Rich';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { PagedList } from './PagedList';
import { useQueueFilters } from './QueueFilters';
import { narrows } from '../../features/admin/api/admin-list';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** Owner claims, oldest first, searched by business name: approving makes the member the owner, who can then edit. */
export function ClaimsTab() {
  const t = useMessages();
  const queue = useQueueFilters();
  const filter = { search: queue.search };
  const claims = useClaims(filter, { refetchOnMount: narrows(filter) });
  const review = useReviewClaim();
  return (
    <PagedList
      testId="claims"
      query={claims}
      failure="loadClaimsFailed"
      empty={t('claims.empty')}
      filters={queue.form}
      renderItem={(claim) => (
        <ClaimCard
          key={claim.id}
          claim={claim}
          onReview={(action) =>
            review.mutateAsync({ claim, action }).then(
              () => true,
              () => false,
            )
          }
        />
      )}
    />
  );
}

function ClaimCard({ claim, onReview }: { claim: Claim; onReview: (action: ClaimAction) => Promise<unknown> }) {
  const t = useMessages();
  const message = useContractMessages();
  const [busy, run] = useBusy();
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
      <div className={card.actions}>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onReview('reject'))}>
          {t('action.reject')}
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => run(() => onReview('approve'))}>
          {t('action.approve')}
        </button>
      </div>
    </li>
  );
}
