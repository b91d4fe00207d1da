import { memo, Suspense, useCallback, useMemo } from 'react';
import type { DirectoryFilter } from '@zaytoon/contract/client';
import { useDirectorySummary } from '../../features/directory/api/get-directory-summary';
import { toDirectoryFilter, type FilterValues } from '../../features/directory/filters';
import { useDirectoryUrl, type WriteOptions } from '../../features/directory/useDirectoryUrl';
import { useScrollMemory } from '../../features/directory/useScrollMemory';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useCount, useListMessages } from '../../i18n/list-messages';
import { NavBar } from '../../ui/NavBar';
import { lazyNamed } from '../../lib/lazyNamed';
import { PageSpinner } from '../../ui/Spinner';
import { Filters } from './Filters';
import { LocationsView } from './LocationsView';
import { NearMe } from '../../features/near-me/NearMe';
import directory from './DirectoryScreen.module.css';
import shared from '../../ui/page.module.css';

const MapView = lazyNamed(() => import('../../map/MapView'), 'default');
// Only once a visitor asks for 'Near me'.
const NearbyList = lazyNamed(() => import('../../features/near-me/NearbyList'), 'default');
// Members only: visitors' first load carries none of it.
const SaveAlertButton = lazyNamed(() => import('../../features/alerts/SaveAlertButton'), 'default');

/**
 * /browse and /dashboard (SPEC §2). Filters, view, the open city and the map's viewport live in the
 * URL, so Back from a business and a copied link both come back to the same place. The screen asks
 * the server for small answers only: a summary, the city groups, one city's page, the markers in view.
 */
export function DirectoryScreen() {
  const { productName } = useHost();
  const member = useSession((state) => state.user !== null);
  const t = useListMessages();
  const url = useDirectoryUrl();
  const restoreScrollY = useScrollMemory();
  const { search, category, city, verified, openNow, alternativeTo, product } = url.filters;
  const filter = useMemo(
    () => toDirectoryFilter({ search, category, city, verified, openNow, alternativeTo, product }),
    [search, category, city, verified, openNow, alternativeTo, product],
  );
  const { setFilters } = url;
  const commitFilters = useCallback((values: FilterValues, options: WriteOptions) => setFilters(values, options), [setFilters]);

  return (
    <>
      <NavBar />
      <main className={shared.page} data-testid="directory-screen">
        <header className={directory.hero}>
          <h1 className={directory.title}>{productName}</h1>
          <p className={directory.tagline}>{t('directory.tagline')}</p>
        </header>

        <Filters values={url.filters} onCommit={commitFilters} view={url.view} onViewChange={url.setView} />
        <NearMe near={url.near} onNear={url.setNear} />

        <CountLine filter={filter} />
        {member && (
          <Suspense fallback={null}>
            <SaveAlertButton filter={filter} />
          </Suspense>
        )}

        {url.view === 'map' ? (
          <Suspense fallback={<PageSpinner label={t('directory.loadingMap')} />}>
            <MapView filter={filter} viewport={url.viewport} onViewportChange={url.setViewport} />
          </Suspense>
        ) : url.near ? (
          <Suspense fallback={<PageSpinner label={t('directory.loadingBusinesses')} />}>
            <NearbyList filter={filter} near={url.near} />
          </Suspense>
        ) : (
          <LocationsView filter={filter} open={url.open} restoreScrollY={restoreScrollY} />
        )}
      </main>
    </>
  );
}

/** 'N businesses found' from the summary's total; 'Loading...' until the answer for these filters is in. */
const CountLine = memo(function CountLine({ filter }: { filter: DirectoryFilter }) {
  const summary = useDirectorySummary(filter);
  const t = useListMessages();
  const count = useCount();
  const loading = summary.isPending || summary.isPlaceholderData;
  // A failed answer counts nothing: '0 businesses found' would say the directory is empty.
  const failed = summary.isError && summary.data === undefined;
  return (
    <p className={directory.count} data-testid="business-count" aria-live="polite">
      {failed ? '' : loading ? t('common.loading') : t('directory.found', count(summary.data?.total ?? 0))}
    </p>
  );
});
