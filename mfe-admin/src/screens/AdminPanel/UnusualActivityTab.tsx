import { formatDate, NEW_TAB_REL, PAGING, type PausedBusiness } from '@zaytoon/contract/client';
import { useProtectionDecision, useUnusualActivity, type ProtectionAction } from '../../features/admin/api/unusual-activity';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { SearchedList } from './SearchedList';
import { settled } from './QueueTab';
import { useBusy } from './useBusy';

/** Businesses paused by a burst of new accounts, newest first, searched by business name: who acted, how new they are, and the three decisions. */
export function UnusualActivityTab() {
  const t = useMessages();
  const decide = useProtectionDecision();
  return (
    <SearchedList
      testId="unusual-activity"
      useItems={useUnusualActivity}
      failure="internalError"
      empty={t('unusual.empty')}
      renderItem={(entry) => <PausedCard key={entry.id} entry={entry} onDecide={(action) => settled(decide.mutateAsync({ entry, action }))} />}
    />
  );
}

function PausedCard({ entry, onDecide }: { entry: PausedBusiness; onDecide: (action: ProtectionAction) => Promise<unknown> }) {
  const t = useMessages();
  const [busy, run] = useBusy();
  const actionText = (action: PausedBusiness['accounts'][number]['actions'][number]) =>
    action.action === 'report'
      ? t('unusual.report', { detail: action.detail ?? '' })
      : action.action === 'confirmation'
        ? t('unusual.confirmation', { detail: action.detail ?? '' })
        : t(action.action === 'downvote' ? 'unusual.downvote' : 'unusual.upvote');
  return (
    <li className={`${card.card} ${card.item}`} data-testid="paused-card" data-business-id={entry.business.id}>
      <div className={card.itemHead}>
        <span className={`${card.badge} ${card.badgePurple}`}>{t('unusual.badge')}</span>
        <time className={card.muted} dateTime={entry.since}>
          {t('unusual.since', { date: formatDate(entry.since) })}
        </time>
      </div>
      <h3 className={card.itemTitle} dir="auto">
        <a href={`/business/${entry.business.id}`} target="_blank" rel={NEW_TAB_REL}>
          {entry.business.name}
        </a>
      </h3>
      <p className={card.muted} data-testid="set-aside-votes">
        {t('unusual.setAside', { count: entry.set_aside_votes })}
      </p>
      {entry.more_actions && (
        <p className={card.muted} data-testid="more-actions">
          {t('unusual.moreActions', { count: PAGING.burstActionsRead })}
        </p>
      )}
      <ul data-testid="burst-accounts">
        {entry.accounts.map((account) => (
          <li key={account.username} data-testid="burst-account">
            <span dir="auto">{t('unusual.account', { name: account.username, days: account.account_age_days })}</span>
            {': '}
            {account.actions.map(actionText).join(' · ')}
          </li>
        ))}
      </ul>
      <div className={card.actions}>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onDecide('discard'))}>
          {t('unusual.discard')}
        </button>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onDecide('keep'))}>
          {t('unusual.keep')}
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => run(() => onDecide('lift'))}>
          {t('unusual.lift')}
        </button>
      </div>
    </li>
  );
}
