import type { ReactNode } from 'react';
import type { PlainMessageCode } from '@zaytoon/contract/client';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { LoadFailed, type FailedQuery } from './LoadFailed';
import { LoadMore, type MorePages } from './LoadMore';

/** What PagedList reads of a TanStack infinite query of an admin list. */
export interface PagedQuery<Item> extends MorePages, FailedQuery {
  data?: { pages: { items: Item[] }[] };
  isPending: boolean;
  isError: boolean;
}

/**
 * An admin list read page by page: its search and filter, 'Loading...', its own failure with 'Try again' (never mistaken for an empty list),
 * its empty text, the cards, and 'Load more' while pages remain.
 */
export function PagedList<Item>(props: {
  testId: string;
  query: PagedQuery<Item>;
  /** The failure's words when the server names none (SPEC §8). */
  failure: PlainMessageCode;
  empty: string;
  renderItem: (item: Item) => ReactNode;
  /** The list's search and filter, above it. */
  filters?: ReactNode;
  children?: ReactNode;
}) {
  const t = useMessages();
  const { query } = props;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = query.isPending || query.isFetchingNextPage;
  return (
    <section data-testid={props.testId} data-loading={loading}>
      {props.filters}
      {query.isPending ? (
        <p className={card.muted}>{t('panel.loading')}</p>
      ) : query.isError && !query.data ? (
        <LoadFailed query={query} failure={props.failure} />
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
