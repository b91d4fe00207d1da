import { archivedTitleLine, formatDate, MESSAGES, NEW_TAB_REL, type BrokenLink } from '@zaytoon/contract/client';
import { useBrokenLinks } from '../../features/admin/api/get-broken-links';
import card from './card.module.css';
import { PagedList } from './PagedList';

/** Sources whose link failed three checks in a row (issue #13 point 4), oldest first, with what their page said. */
export function BrokenLinksTab() {
  const links = useBrokenLinks();
  return (
    <PagedList
      testId="broken-links"
      query={links}
      empty="No broken links"
      renderItem={(item) => <BrokenLinkCard key={item.source_id} item={item} />}
    />
  );
}

function BrokenLinkCard({ item }: { item: BrokenLink }) {
  return (
    <li className={`${card.card} ${card.item}`} data-testid="broken-link-card" data-source-id={item.source_id} data-business-id={item.business.id}>
      <div className={card.itemHead}>
        <span className={`${card.badge} ${card.badgeRed}`}>{MESSAGES.linkBroken}</span>
        <span className={card.muted}>
          {item.http_status ? `answered ${item.http_status}` : 'no answer'} · {item.failures} failed checks in a row · last checked{' '}
          {formatDate(item.checked_at)}
        </span>
      </div>
      <h3 className={card.itemTitle}>
        <a href={`/business/${item.business.id}`} target="_blank" rel={NEW_TAB_REL}>
          {item.business.name}
        </a>
      </h3>
      <p className={card.url}>
        <a href={item.url} target="_blank" rel={NEW_TAB_REL}>
          {item.url}
        </a>
        {item.final_url && item.final_url !== item.url && <span className={card.muted}> → {item.final_url}</span>}
      </p>
      {item.archived_title && <p>{archivedTitleLine(item.archived_title)}</p>}
    </li>
  );
}
