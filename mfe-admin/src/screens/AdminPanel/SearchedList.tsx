import type { ReactNode } from 'react';
import type { PlainMessageCode } from '@zaytoon/contract/client';
import { narrows, type QueueReadOptions, type QueueSearch } from '../../features/admin/api/admin-list';
import { PagedList, type PagedQuery } from './PagedList';
import { useQueueFilters } from './QueueFilters';

/**
 * An admin list searched by business name (the search lives in the page's URL), read page by page: a narrowed list
 * reads its own pages, the whole one is the panel's.
 */
export function SearchedList<Item>(props: {
  testId: string;
  /** The list's TanStack infinite query hook. */
  useItems: (filter: QueueSearch, options: QueueReadOptions) => PagedQuery<Item>;
  /** The failure's words when the server names none (SPEC §8). */
  failure: PlainMessageCode;
  empty: string;
  renderItem: (item: Item) => ReactNode;
}) {
  const queue = useQueueFilters();
  const filter = { search: queue.search };
  const query = props.useItems(filter, { refetchOnMount: narrows(filter) });
  return (
    <PagedList testId={props.testId} query={query} failure={props.failure} empty={props.empty} filters={queue.form} renderItem={props.renderItem} />
  );
}
