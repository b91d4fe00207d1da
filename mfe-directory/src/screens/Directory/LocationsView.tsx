import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { measureElement as measureLineElement, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type Business, type CityCount, type DirectoryFilter } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { cityPagesInCache, getCityPageQueryOptions, useCityPagesVersion, type CityPageRef } from '../../features/directory/api/get-city-businesses';
import { useCityGroups } from '../../features/directory/api/get-city-groups';
import { useDirectorySummary } from '../../features/directory/api/get-directory-summary';
import { directoryKeys } from '../../features/directory/api/keys';
import { PageSpinner } from '../../ui/Spinner';
import { useCount, useListMessages } from '../../i18n/list-messages';
import { BusinessRow } from './BusinessRow';
import { LoadFailed, useRetryFailedDirectoryReads } from './LoadFailed';
import { LocationSummary } from './LocationSummary';
import locations from './LocationsView.module.css';
import shared from '../../ui/page.module.css';

/**
 * One line of the virtualised list: a city's header, then its rows. A row not loaded yet is a placeholder of a row's
 * estimated height; a city shows its loaded pages and a few placeholders for the next one, so the list is as long as
 * what was loaded plus a few lines per city, never the whole table (nor taller than a browser can scroll).
 * `end` marks the last line of a city's card.
 */
type Line =
  | { kind: 'city'; group: CityCount; alone: boolean }
  | { kind: 'business'; business: Business; city: string; position: number; end: boolean }
  | { kind: 'placeholder'; city: string; position: number; page: number; end: boolean }
  | { kind: 'failed'; city: string; page: number; end: boolean };

const ESTIMATED_HEIGHT: Record<Line['kind'], number> = { city: 62, business: 180, placeholder: 180, failed: 72 };
const OVERSCAN = 4;
/** Placeholders standing for a city's next page until it is reached: enough to fill the screen below a header. */
export const PLACEHOLDER_ROWS = 3;

/** Measured heights by line key, kept across visits: Back from a business restores the scroll position onto the same lines. */
const measuredHeights = new Map<string, number>();

/** A row keeps its key from placeholder to loaded business, so it keeps its place and its measured height. */
function lineKey(line: Line): string {
  if (line.kind === 'city') return `city:${line.group.city}`;
  if (line.kind === 'failed') return `failed:${line.city}:${line.page}`;
  return `row:${line.city}:${line.position}`;
}

function buildLines(groups: CityCount[], pagesOf: (city: string) => ReturnType<typeof cityPagesInCache>): Line[] {
  const lines: Line[] = [];
  for (const group of groups) {
    const { city } = group;
    const header: Line = { kind: 'city', group, alone: false };
    lines.push(header);
    const { pages, nextFailed } = pagesOf(city);
    let position = 0;
    for (const page of pages) for (const business of page.items) lines.push({ kind: 'business', business, city, position: position++, end: false });
    const more = pages.length === 0 ? group.count > 0 : pages[pages.length - 1].nextCursor !== null;
    if (more && nextFailed) {
      lines.push({ kind: 'failed', city, page: pages.length, end: false });
    } else if (more) {
      // The count may be a few seconds older than the pages: at least one placeholder while a next page exists.
      const placeholders = Math.max(1, Math.min(PLACEHOLDER_ROWS, group.count - position));
      for (let i = 0; i < placeholders; i++) lines.push({ kind: 'placeholder', city, position: position++, page: pages.length, end: false });
    }
    const last = lines[lines.length - 1];
    if (last === header) header.alone = true;
    else if (last.kind !== 'city') last.end = true;
  }
  return lines;
}

/** Where the screen was on the list: the first line in view, and how far into it. Kept while lines above it come and go. */
interface Anchor {
  key: string;
  delta: number;
}

function anchorOf(instance: Virtualizer<Window, Element>): Anchor | null {
  const offset = instance.scrollOffset ?? window.scrollY;
  const item = instance.getVirtualItems().find((candidate) => candidate.end > offset);
  return item ? { key: String(item.key), delta: offset - item.start } : null;
}

interface Props {
  filter: DirectoryFilter;
  /** A city to scroll to on arrival (a link shared with `open=`), unless Back restores a position. */
  open: string | null;
  /** Where the window was scrolled when the visitor left this entry of the history (Back restores it). */
  restoreScrollY: number | null;
}

/**
 * Locations view (SPEC §2): a card per city (A-Z, with its count) listing its businesses, then the Location Summary.
 * One window-virtualised list of city headers and rows (@tanstack/react-virtual): only the lines near the screen are in
 * the page, and a city's rows are fetched a page at a time when the list reaches them.
 */
export const LocationsView = memo(function LocationsView({ filter, open, restoreScrollY }: Props) {
  const { api } = useHost();
  const viewer = useSession((state) => state.user?.id ?? null);
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const t = useListMessages();
  const count = useCount();
  const queryClient = useQueryClient();
  const groupsQuery = useCityGroups(filter);
  const summary = useDirectorySummary(filter).data;
  const groups = groupsQuery.data?.groups;
  const retryFailed = useRetryFailedDirectoryReads();

  // While the next filters' groups load, the last ones stay on screen with their own rows.
  const [shownFilter, setShownFilter] = useState(filter);
  if (groupsQuery.isSuccess && !groupsQuery.isPlaceholderData && shownFilter !== filter) setShownFilter(filter);

  const pagesVersion = useCityPagesVersion();
  const lines = useMemo(
    () => buildLines(groups ?? [], (city) => cityPagesInCache(queryClient, shownFilter, city, viewer)),
    // `pagesVersion` changes when a city page is loaded, fails or leaves the cache, which `cityPagesInCache` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pagesVersion is the version of what the cache holds
    [groups, shownFilter, viewer, queryClient, pagesVersion],
  );

  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts in the page (the window virtualiser's scrollMargin), read again when the page's column
  // changes size: the filters' chips and the count line above the list come and go.
  const [scrollMargin, setScrollMargin] = useState(0);
  const hasList = (groups?.length ?? 0) > 0;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const read = () => setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    read();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(list.closest('main') ?? document.body);
    return () => observer?.disconnect();
  }, [hasList]);

  const anchor = useRef<Anchor | null>(null);
  const getItemKey = useCallback((index: number) => lineKey(lines[index]), [lines]);
  const estimateSize = useCallback((index: number) => measuredHeights.get(lineKey(lines[index])) ?? ESTIMATED_HEIGHT[lines[index].kind], [lines]);
  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin,
    measureElement: (element, entry, instance) => {
      const size = measureLineElement(element, entry, instance);
      // A line that is not laid out (a hidden ancestor) reports no height worth keeping: it keeps its estimate.
      if (size === 0) return instance.options.estimateSize(instance.indexFromElement(element));
      const key = element.getAttribute('data-key');
      if (key) measuredHeights.set(key, size);
      return size;
    },
    onChange: (instance) => {
      anchor.current = anchorOf(instance);
    },
  });

  // Lines came or went above the screen (a page loaded, a failed one answered): the line in view stays where it was.
  useLayoutEffect(() => {
    const held = anchor.current;
    if (!held) return;
    const index = lines.findIndex((line) => lineKey(line) === held.key);
    const start = index < 0 ? undefined : virtualizer.measurementsCache[index]?.start;
    if (start === undefined) return;
    const target = start + held.delta;
    if (Math.abs(target - window.scrollY) >= 1) window.scrollTo(0, target);
  }, [lines, virtualizer]);

  // Back from a business: the same scroll position; a shared link naming a city: that city's card.
  const placed = useRef(false);
  useEffect(() => {
    if (placed.current || lines.length === 0) return;
    placed.current = true;
    // The anchor was taken at the top the shell scrolled to; kept, the next page to load would pull the list back
    // there before the virtualiser has seen this scroll.
    anchor.current = null;
    if (restoreScrollY !== null) {
      window.scrollTo(0, restoreScrollY);
    } else if (open !== null) {
      const index = lines.findIndex((line) => line.kind === 'city' && line.group.city === open);
      if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
    }
  }, [lines, open, restoreScrollY, virtualizer]);

  const items = virtualizer.getVirtualItems();
  // The pages whose placeholders (or failure) are in view: read once the scrolling stops, not for every city flown past.
  const wanted = new Map<string, CityPageRef>();
  for (const item of items) {
    const line = lines[item.index];
    if (line.kind === 'placeholder' || line.kind === 'failed') wanted.set(`${line.city}\n${line.page}`, { city: line.city, page: line.page });
  }
  const pageReadsEnabled = !groupsQuery.isPlaceholderData && !virtualizer.isScrolling;
  const pageRead = (ref: CityPageRef) => ({ ...getCityPageQueryOptions(api, queryClient, shownFilter, ref, viewer), enabled: pageReadsEnabled });

  if (groupsQuery.isPending) return <PageSpinner label={t('directory.loadingBusinesses')} />;

  if (!groups && groupsQuery.isError) {
    // The count line's summary failed too, most likely: every failed answer of the directory is asked again.
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

  const rowsClass = (end: boolean) => (end ? `${locations.rows} ${locations.end}` : locations.rows);
  // `data-end`: the last line of the city's card (browser tests read a city's rows until it).

  const renderLine = (line: Line) => {
    if (line.kind === 'city') {
      const { group } = line;
      return (
        <div className={`${shared.card} ${locations.city}${line.alone ? '' : ` ${locations.open}`}`} data-testid="city-group" data-city={group.city}>
          <header>
            <h2 dir="auto">{group.city}</h2>
            <span className={shared.badge} data-testid="city-count">
              {t('directory.count', count(group.count))}
            </span>
          </header>
        </div>
      );
    }
    if (line.kind === 'business') {
      return (
        <div className={rowsClass(line.end)} data-city={line.city} data-end={line.end || undefined}>
          <BusinessRow business={line.business} isAdmin={isAdmin} />
        </div>
      );
    }
    if (line.kind === 'placeholder') {
      return (
        <div className={rowsClass(line.end)} data-city={line.city} data-end={line.end || undefined}>
          <div className={locations.placeholder} data-testid="business-placeholder" aria-hidden="true" />
        </div>
      );
    }
    const retry = () => void queryClient.refetchQueries({ queryKey: directoryKeys.cityPage(shownFilter, line.city, line.page, viewer), exact: true });
    return (
      <div className={`${rowsClass(true)} ${locations.failed}`} data-testid="city-load-failed" data-city={line.city}>
        <FailedCityPage read={pageRead({ city: line.city, page: line.page })} onRetry={retry} />
      </div>
    );
  };

  return (
    <div data-testid="locations-view" aria-busy={groupsQuery.isPlaceholderData}>
      <div ref={listRef} className={locations.vlist} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const line = lines[item.index];
          const end = line.kind === 'city' ? line.alone : line.end;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-key={item.key}
              className={end ? `${locations.item} ${locations.itemEnd}` : locations.item}
              style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              {renderLine(line)}
            </div>
          );
        })}
      </div>
      {[...wanted.values()].map((ref) => (
        <CityPageRead key={`${ref.city}\n${ref.page}`} read={pageRead(ref)} />
      ))}
      {summary && summary.total > 0 && <LocationSummary summary={summary} />}
    </div>
  );
});

type PageRead = ReturnType<typeof getCityPageQueryOptions> & { enabled: boolean };

/** Reads a page whose placeholders are in view (it shows nothing: the list is rebuilt from the cache when the page is in). */
function CityPageRead({ read }: { read: PageRead }) {
  useQuery(read);
  return null;
}

/** A page that could not be read, in its city's card, with Try again (its CityPageRead asks again as before; this only watches). */
function FailedCityPage({ read, onRetry }: { read: PageRead; onRetry: () => void }) {
  const { isFetching } = useQuery({ ...read, retryOnMount: false });
  return <LoadFailed compact onRetry={onRetry} retrying={isFetching} />;
}
