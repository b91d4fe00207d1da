import { memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Business, type CityCount, type DirectoryFilter } from '@zaytoon/contract/client';
import { useCityBusinesses } from '../../features/directory/api/get-city-businesses';
import { useCityGroups } from '../../features/directory/api/get-city-groups';
import { useDirectorySummary } from '../../features/directory/api/get-directory-summary';
import { directoryKeys } from '../../features/directory/api/keys';
import { useSession } from '@zaytoon/web-kit';
import { lazyNamed } from '../../lib/lazyNamed';
import { useWindowVirtualizer } from '../../lib/useWindowVirtualizer';
import { InlineSpinner, PageSpinner } from '../../ui/Spinner';
import { useCount, useListMessages } from '../../i18n/list-messages';
import { LoadFailed } from './LoadFailed';
import { LocationSummary } from './LocationSummary';
import locations from './LocationsView.module.css';
import shared from '../../ui/page.module.css';

/**
 * A city's business rows (with their status line and its parser): /browse's first screen shows city cards only, so
 * their code downloads when a city opens, beside the city's first page of businesses, and the rows join the list
 * together once both are in.
 */
const BusinessRow = lazyNamed(() => import('./BusinessRow'), 'BusinessRow');

/**
 * One line of the virtualised list. The open city's businesses are lines of the same list, right
 * under their city's header, so however many pages are loaded only the lines in view are in the page.
 */
type Line =
  | { kind: 'city'; group: CityCount; open: boolean; last: boolean }
  | { kind: 'business'; business: Business; city: string }
  | { kind: 'footer'; city: string; last: boolean };

const ITEM_CLASS: Record<Line['kind'], string> = {
  city: `${locations.item} ${locations.itemCity}`,
  business: locations.item,
  footer: `${locations.item} ${locations.itemFooter}`,
};
const ESTIMATED_HEIGHT: Record<Line['kind'], number> = { city: 78, business: 180, footer: 72 };

/** Kept across visits: Back from a business restores the scroll position onto the same lines. */
const measuredHeights = new Map<string, number>();

function lineKey(line: Line): string {
  if (line.kind === 'city') return `city:${line.group.city}`;
  if (line.kind === 'business') return `business:${line.business.id}`;
  return `footer:${line.city}`;
}

interface Props {
  filter: DirectoryFilter;
  /** The city whose businesses are shown, from the URL. */
  open: string | null;
  onToggle: (city: string | null) => void;
  /** Where the window was scrolled when the visitor left this entry of the history (Back restores it). */
  restoreScrollY: number | null;
}

/**
 * Locations view (SPEC §2): a card per city with its count; a city's businesses load only when its card
 * is opened, a page at a time. The cards are virtualised against the window, so 1,500 cities put a
 * screenful of cards in the page, not 1,500. Then the Location Summary.
 */
export const LocationsView = memo(function LocationsView({ filter, open, onToggle, restoreScrollY }: Props) {
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const t = useListMessages();
  const count = useCount();
  const queryClient = useQueryClient();
  const groupsQuery = useCityGroups(filter);
  const summary = useDirectorySummary(filter).data;
  const groups = groupsQuery.data?.groups;
  const openInGroups = open !== null && (groups === undefined || groups.some((group) => group.city === open));
  const businesses = useCityBusinesses(filter, openInGroups ? open : null);
  const [rowsReady, setRowsReady] = useState(false);
  useEffect(() => {
    if (open !== null) void BusinessRow.preload().then(() => setRowsReady(true));
  }, [open]);

  const lines = useMemo<Line[]>(() => {
    if (!groups) return [];
    const result: Line[] = [];
    groups.forEach((group, index) => {
      const isOpen = group.city === open;
      const last = index === groups.length - 1;
      result.push({ kind: 'city', group, open: isOpen, last });
      if (!isOpen) return;
      for (const page of rowsReady ? (businesses.data?.pages ?? []) : []) {
        for (const business of page.businesses) result.push({ kind: 'business', business, city: group.city });
      }
      result.push({ kind: 'footer', city: group.city, last });
    });
    return result;
  }, [groups, open, businesses.data, rowsReady]);

  const listRef = useRef<HTMLDivElement>(null);
  const {
    lines: shown,
    totalSize,
    measureElement,
    scrollToIndex,
  } = useWindowVirtualizer({
    count: lines.length,
    estimateSize: (index) => ESTIMATED_HEIGHT[lines[index].kind],
    getItemKey: (index) => lineKey(lines[index]),
    overscan: 6,
    list: listRef,
    heights: measuredHeights,
  });

  // Back from a business: the same scroll position; a shared link with an open city: that city's card.
  const placed = useRef(false);
  useEffect(() => {
    if (placed.current || lines.length === 0) return;
    placed.current = true;
    if (restoreScrollY !== null) {
      window.scrollTo(0, restoreScrollY);
    } else if (open !== null) {
      const index = lines.findIndex((line) => line.kind === 'city' && line.group.city === open);
      if (index > 0) scrollToIndex(index);
    }
  }, [lines, open, restoreScrollY, scrollToIndex]);

  if (groupsQuery.isPending) return <PageSpinner label={t('directory.loadingBusinesses')} />;

  if (!groups && groupsQuery.isError) {
    // The count line's summary failed too, most likely: every failed answer of the directory is asked again.
    const retryFailed = () => void queryClient.refetchQueries({ queryKey: directoryKeys.all, predicate: (query) => query.state.status === 'error' });
    return <LoadFailed onRetry={retryFailed} retrying={groupsQuery.isFetching} />;
  }

  if (!groups || groups.length === 0) {
    return (
      <div className={`${shared.card} ${shared.empty}`} data-testid="directory-empty">
        <h2>{t('directory.empty')}</h2>
        <p>{t('directory.emptyHint')}</p>
      </div>
    );
  }

  const renderLine = (line: Line) => {
    if (line.kind === 'city') {
      const { group } = line;
      return (
        <div
          className={`${shared.card} ${locations.city}${line.open ? ` ${locations.open}` : ''}`}
          data-testid="city-group"
          data-city={group.city}
          data-open={line.open}
        >
          <header>
            <h2>
              <button type="button" className={locations.toggle} aria-expanded={line.open} onClick={() => onToggle(line.open ? null : group.city)}>
                <span aria-hidden="true" />
                {group.city}
              </button>
            </h2>
            <span className={shared.badge} data-testid="city-count">
              {t('directory.count', count(group.count))}
            </span>
          </header>
        </div>
      );
    }
    if (line.kind === 'business') {
      return (
        <div className={locations.rows} data-city={line.city}>
          <Suspense fallback={<InlineSpinner />}>
            <BusinessRow business={line.business} isAdmin={isAdmin} />
          </Suspense>
        </div>
      );
    }
    return (
      <div className={`${locations.rows} ${locations.footer}`} data-testid="city-footer" data-city={line.city}>
        {businesses.isError ? (
          <LoadFailed
            compact
            onRetry={() => void (businesses.hasNextPage ? businesses.fetchNextPage() : businesses.refetch())}
            retrying={businesses.isFetching}
          />
        ) : businesses.isPending || !rowsReady ? (
          <p className={locations.status} role="status">
            <InlineSpinner /> {t('common.loading')}
          </p>
        ) : businesses.hasNextPage ? (
          <button type="button" className="btn btn--outline" disabled={businesses.isFetchingNextPage} onClick={() => businesses.fetchNextPage()}>
            {businesses.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
          </button>
        ) : null}
      </div>
    );
  };

  return (
    <div data-testid="locations-view" aria-busy={groupsQuery.isPlaceholderData}>
      <div ref={listRef} className={locations.vlist} style={{ height: totalSize }}>
        {shown.map((item) => {
          const line = lines[item.index];
          return (
            <div
              key={item.key}
              ref={measureElement}
              data-index={item.index}
              className={ITEM_CLASS[line.kind]}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {renderLine(line)}
            </div>
          );
        })}
      </div>
      {summary && summary.total > 0 && <LocationSummary summary={summary} />}
    </div>
  );
});
