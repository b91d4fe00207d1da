import { NEW_TAB_REL, type DuplicatePair } from '@zaytoon/contract/client';
import { useDismissDuplicate, useDuplicatePairs, useMergeBusinesses } from '../../features/admin/api/duplicates';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { PagedList } from './PagedList';
import { useQueueFilters } from './QueueFilters';
import { narrows } from '../../features/admin/api/admin-list';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** Likely pairs found by the nightly search or added despite the warning, oldest first; searched by either business's name. */
export function DuplicatesTab() {
  const t = useMessages();
  const queue = useQueueFilters();
  const filter = { search: queue.search };
  const pairs = useDuplicatePairs(filter, { refetchOnMount: narrows(filter) });
  return (
    <PagedList
      testId="duplicates"
      query={pairs}
      failure="loadDuplicatesFailed"
      empty={t('duplicates.empty')}
      filters={queue.form}
      renderItem={(pair) => <DuplicatePairCard key={pair.id} pair={pair} />}
    />
  );
}

function DuplicatePairCard({ pair }: { pair: DuplicatePair }) {
  const t = useMessages();
  const message = useContractMessages();
  const merge = useMergeBusinesses();
  const dismiss = useDismissDuplicate();
  const busy = merge.isPending || dismiss.isPending;
  const mergeInto = (into: DuplicatePair['first'], from: DuplicatePair['first']) => {
    if (window.confirm(message('confirmMerge', { from: from.name, into: into.name }))) merge.mutate({ into, from });
  };
  return (
    <li
      className={`${card.card} ${card.item}`}
      data-testid="duplicate-pair"
      data-pair-id={pair.id}
      data-first-id={pair.first.id}
      data-second-id={pair.second.id}
    >
      <div className={card.itemHead}>
        {pair.added_despite_warning && <span className={`${card.badge} ${card.badgeAmber}`}>{message('addedDespiteWarning')}</span>}
        <span className={card.muted}>
          {t('duplicates.similarity', { score: pair.score })} ·{' '}
          {pair.distance_m === null ? t('duplicates.distanceUnknown') : t('duplicates.distance', { metres: pair.distance_m })}
        </span>
      </div>
      <ul className={card.sublist}>
        {[pair.first, pair.second].map((business) => (
          <li key={business.id}>
            <a href={`/business/${business.id}`} target="_blank" rel={NEW_TAB_REL} dir="auto">
              {business.name}
            </a>{' '}
            <span className={card.muted} dir="auto">
              {[business.address, business.city, business.postcode].filter(Boolean).join(', ')}
            </span>
          </li>
        ))}
      </ul>
      <div className={card.actions}>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => dismiss.mutate(pair.id)}>
          {message('notDuplicates')}
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => mergeInto(pair.second, pair.first)}>
          {message('mergeInto', { into: pair.second.name })}
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => mergeInto(pair.first, pair.second)}>
          {message('mergeInto', { into: pair.first.name })}
        </button>
      </div>
    </li>
  );
}
