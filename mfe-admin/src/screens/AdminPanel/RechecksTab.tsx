import { useState } from 'react';
import { formatDate, NEW_TAB_REL, RECHECK_REASONS, type Recheck } from '@zaytoon/contract/client';
import { useRechecks } from '../../features/admin/api/get-rechecks';
import { useMarkUnverified } from '../../features/admin/api/verification';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { PagedList } from './PagedList';
import { useReasonFilters } from './QueueFilters';
import { narrows } from '../../features/admin/api/admin-list';
import { VerifyDialog } from './VerifyDialog';
import { useContractLabels, useContractMessages } from '@zaytoon/web-kit/contract-messages';

const BADGES: Record<Recheck['reason'], string> = {
  members: card.badgeRed,
  due: card.badgeAmber,
  never: card.badgeGrey,
};

/** Re-checks: what members flagged, then what fell due, then the never verified, oldest first in each; searched by business name, filtered by reason. */
export function RechecksTab() {
  const t = useMessages();
  const queue = useReasonFilters(RECHECK_REASONS, (reason) => t(`rechecks.${reason}`));
  const filter = { search: queue.search, reason: queue.value };
  const rechecks = useRechecks(filter, { refetchOnMount: narrows(filter) });
  const [verifying, setVerifying] = useState<Recheck['business'] | null>(null);

  return (
    <PagedList
      testId="rechecks"
      query={rechecks}
      failure="loadRechecksFailed"
      empty={t('rechecks.empty')}
      filters={queue.form}
      renderItem={(item) => <RecheckCard key={item.business.id} item={item} onVerify={() => setVerifying(item.business)} />}
    >
      {verifying && <VerifyDialog business={verifying} onClose={() => setVerifying(null)} />}
    </PagedList>
  );
}

function RecheckCard({ item, onVerify }: { item: Recheck; onVerify: () => void }) {
  const t = useMessages();
  const message = useContractMessages();
  const label = useContractLabels();
  const markUnverified = useMarkUnverified();
  const { business, verification } = item;
  return (
    <li className={`${card.card} ${card.item}`} data-testid="recheck-card" data-business-id={business.id} data-reason={item.reason}>
      <div className={card.itemHead}>
        <span className={`${card.badge} ${BADGES[item.reason]}`}>{t(`rechecks.${item.reason}`)}</span>
        <span className={card.muted}>{t('rechecks.since', { date: formatDate(item.since) })}</span>
      </div>
      <h3 className={card.itemTitle} dir="auto">
        <a href={`/business/${business.id}`} target="_blank" rel={NEW_TAB_REL}>
          {business.name}
        </a>
      </h3>
      <p className={card.muted} dir="auto">
        {[business.category, business.city, business.postcode].filter(Boolean).join(' · ')}
      </p>
      {verification.method && verification.date && (
        <p>{t('rechecks.lastVerified', { method: label('verificationMethod', verification.method), date: formatDate(verification.date) })}</p>
      )}
      {item.member_answers.length > 0 && (
        <ul className={card.sublist} aria-label={t('rechecks.answers')}>
          {item.member_answers.map((answer) => (
            <li key={`${answer.username}-${answer.answered_at}`}>
              <strong>{answer.answer}</strong> · <bdi dir="auto">{answer.username ?? t('rechecks.formerMember')}</bdi> ·{' '}
              {formatDate(answer.answered_at)}
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
            onClick={() => window.confirm(message('confirmMarkUnverified')) && markUnverified.mutate(business.id)}
          >
            {t('rechecks.markUnverified')}
          </button>
        )}
        <button type="button" className="btn btn--primary" onClick={onVerify}>
          {t('rechecks.verify')}
        </button>
      </div>
    </li>
  );
}
