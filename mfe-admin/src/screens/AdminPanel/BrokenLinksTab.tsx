import { formatDate, NEW_TAB_REL, type BrokenLink } from '@zaytoon/contract/client';
import { useBrokenLinks } from '../../features/admin/api/get-broken-links';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { PagedList } from './PagedList';
import { useQueueFilters } from './QueueFilters';
import { narrows } from '../../features/admin/api/admin-list';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/**
 * Sources whose link failed three checks in a row, of businesses, brands and Palestinian products, oldest first in
 * each list, with what their page said; searched by business or brand name.
 */
export function BrokenLinksTab() {
  const t = useMessages();
  const queue = useQueueFilters();
  const filter = { search: queue.search };
  const links = useBrokenLinks(filter, { refetchOnMount: narrows(filter) });
  return (
    <PagedList
      testId="broken-links"
      query={links}
      failure="loadBrokenLinksFailed"
      empty={t('links.empty')}
      filters={queue.form}
      renderItem={(item) => <BrokenLinkCard key={`${item.list}-${item.source_id}`} item={item} />}
    />
  );
}

function BrokenLinkCard({ item }: { item: BrokenLink }) {
  const t = useMessages();
  const message = useContractMessages();
  return (
    <li
      className={`${card.card} ${card.item}`}
      data-testid="broken-link-card"
      data-list={item.list}
      data-source-id={item.source_id}
      data-business-id={item.business?.id}
      data-brand-id={item.brand?.id}
    >
      <div className={card.itemHead}>
        <span className={`${card.badge} ${card.badgeRed}`}>{message('linkBroken')}</span>
        <span className={card.muted}>
          {[
            item.http_status ? t('links.answered', { status: item.http_status }) : t('links.noAnswer'),
            t('links.failures', { count: item.failures }),
            t('links.lastChecked', { date: formatDate(item.checked_at) }),
          ].join(' · ')}
        </span>
      </div>
      <h3 className={card.itemTitle} dir="auto">
        {item.brand ? (
          <a href={`/alternatives/${encodeURIComponent(item.brand.slug)}`} target="_blank" rel={NEW_TAB_REL}>
            {item.brand.name}
          </a>
        ) : (
          item.business && (
            <a href={`/business/${item.business.id}`} target="_blank" rel={NEW_TAB_REL}>
              {item.business.name}
            </a>
          )
        )}
      </h3>
      {item.list !== 'business' && <p className={card.muted}>{t(item.list === 'brand' ? 'links.ofBrand' : 'links.ofProducts')}</p>}
      <p className={card.url}>
        <a href={item.url} target="_blank" rel={NEW_TAB_REL} dir="ltr">
          {item.url}
        </a>
        {item.final_url && item.final_url !== item.url && (
          <span className={card.muted}>
            {' '}
            <span className={card.mirror}>→</span> <bdi dir="ltr">{item.final_url}</bdi>
          </span>
        )}
      </p>
      {item.archived_title && <p>{message('archivedTitle', { title: item.archived_title })}</p>}
    </li>
  );
}
