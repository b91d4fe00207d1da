import type { ReactNode } from 'react';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { LoadMore, type MorePages } from './LoadMore';

/** What PagedList reads of a TanStack infinite query of an admin list. */
interface PagedQuery<Item> extends MorePages {
  data?: { pages: { items: Item[] }[] };
  isPending: boolean;
}

/** An admin list read page by page: 'Loading...', its empty text, the cards, and 'Load more' while pages remain. */
export function PagedList<Item>(props: {
  testId: string;
  query: PagedQuery<Item>;
  empty: string;
  renderItem: (item: Item) => ReactNode;
  children?: ReactNode;
}) {
  const t = useMessages();
  const { query } = props;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = query.isPending || query.isFetchingNextPage;
  return (
    <section data-testid={props.testId} data-loading={loading}>
      {query.isPending ? (
        <p className={card.muted}>{t('panel.loading')}</p>
      ) : items.length === 0 ? (
        <p className={card.empty}>{props.empty}</p>
      ) : (
        <ul className={card.list}>{items.map(props.renderItem)}</ul>
      )}
      <LoadMore pages={query} busy={loading} />
      {props.children}
    </section>
  );
}
