import { useMessages } from '../../i18n/messages';

/** What 'Load more' reads of a TanStack infinite query of an admin queue. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under a queue while pages remain: it reads the next page after the last one's cursor. */
export function LoadMore({ pages, busy = pages.isFetchingNextPage }: { pages: MorePages; busy?: boolean }) {
  const t = useMessages();
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn--outline"
      disabled={busy}
      aria-busy={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {t('list.loadMore')}
    </button>
  );
}
