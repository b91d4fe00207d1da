import { useState } from 'react';
import { formatDate, MESSAGES, NEW_TAB_REL, type Recheck } from '@zaytoon/contract/client';
import { useRechecks } from '../../features/admin/api/get-rechecks';
import { useMarkUnverified } from '../../features/admin/api/verification';
import card from './card.module.css';
import { PagedList } from './PagedList';
import { VerifyDialog } from './VerifyDialog';

const REASONS: Record<Recheck['reason'], { label: string; badge: string }> = {
  members: { label: 'Members say it closed or stopped', badge: card.badgeRed },
  due: { label: 'Verification due', badge: card.badgeAmber },
  never: { label: 'Never verified', badge: card.badgeGrey },
};

/** Re-checks (issue #13): what members flagged, then what fell due, then the never verified, oldest first in each. */
export function RechecksTab() {
  const rechecks = useRechecks();
  const [verifying, setVerifying] = useState<Recheck['business'] | null>(null);

  return (
    <PagedList
      testId="rechecks"
      query={rechecks}
      empty="No businesses to re-check"
      renderItem={(item) => <RecheckCard key={item.business.id} item={item} onVerify={() => setVerifying(item.business)} />}
    >
      {verifying && <VerifyDialog business={verifying} onClose={() => setVerifying(null)} />}
    </PagedList>
  );
}

function RecheckCard({ item, onVerify }: { item: Recheck; onVerify: () => void }) {
  const markUnverified = useMarkUnverified();
  const { business, verification } = item;
  const reason = REASONS[item.reason];
  return (
    <li className={`${card.card} ${card.item}`} data-testid="recheck-card" data-business-id={business.id} data-reason={item.reason}>
      <div className={card.itemHead}>
        <span className={`${card.badge} ${reason.badge}`}>{reason.label}</span>
        <span className={card.muted}>since {formatDate(item.since)}</span>
      </div>
      <h3 className={card.itemTitle}>
        <a href={`/business/${business.id}`} target="_blank" rel={NEW_TAB_REL}>
          {business.name}
        </a>
      </h3>
      <p className={card.muted}>{[business.category, business.city, business.postcode].filter(Boolean).join(' · ')}</p>
      {verification.method && verification.date && (
        <p>
          Last verified: {verification.method}, {formatDate(verification.date)}
        </p>
      )}
      {item.member_answers.length > 0 && (
        <ul className={card.sublist} aria-label="Members' answers">
          {item.member_answers.map((answer) => (
            <li key={`${answer.username}-${answer.answered_at}`}>
              <strong>{answer.answer}</strong> · {answer.username ?? 'former member'} · {formatDate(answer.answered_at)}
            </li>
          ))}
        </ul>
      )}
      <div className={card.actions}>
        {(item.reason === 'members' || verification.status !== 'never') && (
          <button
            type="button"
            className="btn btn--outline"
            disabled={markUnverified.isPending}
            onClick={() => window.confirm(MESSAGES.confirmMarkUnverified) && markUnverified.mutate(business.id)}
          >
            Mark unverified
          </button>
        )}
        <button type="button" className="btn btn--primary" onClick={onVerify}>
          Verify
        </button>
      </div>
    </li>
  );
}
