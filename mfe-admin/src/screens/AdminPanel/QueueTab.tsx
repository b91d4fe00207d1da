import type { ReactNode } from 'react';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { LoadMore, type MorePages } from './LoadMore';

/** One of SPEC's three review queues: its empty state or its cards, and 'Load more' while pages remain. */
export function QueueTab<Item>({
  name,
  items,
  renderItem,
  more,
}: {
  /** Names the queue's texts ('<name>.emptyTitle', '<name>.emptyText', '<name>.list') and the empty state's test id. */
  name: 'reports' | 'suggestions' | 'businesses';
  items: Item[];
  renderItem: (item: Item) => ReactNode;
  more?: MorePages;
}) {
  const t = useMessages();
  return (
    <section data-testid={`${name}-queue`} data-loading={more?.isFetchingNextPage ?? false}>
      {items.length === 0 ? (
        <div className={`${card.card} ${card.empty}`} data-testid={`no-${name}`}>
          <h2>{t(`${name}.emptyTitle`)}</h2>
          <p>{t(`${name}.emptyText`)}</p>
        </div>
      ) : (
        <ul className={card.list} aria-label={t(`${name}.list`)}>
          {items.map(renderItem)}
        </ul>
      )}
      {more && <LoadMore pages={more} />}
    </section>
  );
}
