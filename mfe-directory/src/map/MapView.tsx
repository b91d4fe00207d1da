import { memo, useCallback, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { MapContainer, TileLayer } from 'react-leaflet';
import { DIRECTORY_LIMITS, MAP_DEFAULTS, type DirectoryFilter, type TileAddress } from '@zaytoon/contract/client';
import { useDirectorySummary } from '../features/directory/api/get-directory-summary';
import { useMapTiles } from '../features/directory/api/get-map-tiles';
import { directoryKeys } from '../features/directory/api/keys';
import { useUnmappedBusinesses } from '../features/directory/api/get-unmapped-businesses';
import { cityOf } from '../features/directory/filters';
import type { Viewport } from '../features/directory/useDirectoryUrl';
import { useHost, useSession } from '@zaytoon/web-kit';
import { MapController } from './MapController';
import { MapMarkers } from './MapMarkers';
import { useMessages } from '../i18n/messages';
import { EmbedDialog } from './EmbedDialog';
import { LoadFailed, useRetryFailedDirectoryReads } from '../screens/Directory/LoadFailed';
import map from './MapView.module.css';
import shared from '../ui/page.module.css';

interface Props {
  filter: DirectoryFilter;
  viewport: Viewport | null;
  onViewportChange: (viewport: Viewport) => void;
}

/**
 * Map view (SPEC §2): the server's clusters and markers of the map tiles in view, three stat
 * tiles from the summary, and the 'Businesses Not on Map' box. Works without tiles (markers and
 * clusters are drawn by the page, not by the tile server).
 */
function MapView({ filter, viewport, onViewportChange }: Props) {
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const { mapTiles } = useHost();
  const t = useMessages();
  const summary = useDirectorySummary(filter);
  const stats = summary.data;
  const [start] = useState(() => viewport ?? { lat: MAP_DEFAULTS.center[0], lng: MAP_DEFAULTS.center[1], zoom: MAP_DEFAULTS.zoom });
  // The map tiles in view; MapController reads them from the map once the map exists.
  const [tiles, setTiles] = useState<TileAddress[] | null>(null);
  const { markers, failed: markersFailed } = useMapTiles(filter, tiles);
  const [embedding, setEmbedding] = useState(false);
  // Stable: the dialog moves focus inside when it opens, and again whenever its onClose changes.
  const closeEmbed = useCallback(() => setEmbedding(false), []);
  const retryFailed = useRetryFailedDirectoryReads();
  const retrying = useIsFetching({ queryKey: directoryKeys.all }) > 0;

  // Said as the Locations view says it: an empty map and stat tiles waiting forever would look like a slow answer.
  if ((summary.isError && summary.data === undefined) || markersFailed) {
    return (
      <section aria-label={t('map.label')} data-testid="map-view">
        <LoadFailed onRetry={retryFailed} retrying={retrying} />
      </section>
    );
  }

  return (
    <section className={shared.card} aria-label={t('map.label')} data-testid="map-view">
      <div className={map.toolbar}>
        <button type="button" className="btn btn--outline" onClick={() => setEmbedding(true)} data-testid="embed-open">
          {t('embed.open')}
        </button>
      </div>
      {embedding && <EmbedDialog filter={filter} onClose={closeEmbed} />}
      <div className={map.map} data-testid="map" dir="ltr" style={{ height: MAP_DEFAULTS.heightPx }}>
        <MapContainer center={[start.lat, start.lng]} zoom={start.zoom} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
          <TileLayer url={mapTiles.url} attribution={mapTiles.attribution} maxZoom={19} />
          <MapMarkers items={markers} isAdmin={isAdmin} />
          <MapController
            filter={filter}
            summary={summary.isPlaceholderData ? null : (summary.data ?? null)}
            viewport={viewport}
            onViewportChange={onViewportChange}
            onViewChange={setTiles}
          />
        </MapContainer>
      </div>

      <div className={map.tiles} data-testid="map-stats" aria-busy={!stats}>
        <p className={`${shared.card} ${map.tile}`}>
          <span className={map.tileValue} data-testid="stat-on-map" dir="ltr">
            {stats ? stats.on_map : '...'}
          </span>
          {t('map.onMap')}
        </p>
        <p className={`${shared.card} ${map.tile}`}>
          <span className={map.tileValue} data-testid="stat-cities" dir="ltr">
            {stats ? stats.cities_on_map : '...'}
          </span>
          {t('map.cities')}
        </p>
        <p className={`${shared.card} ${map.tile}`}>
          <span className={map.tileValue} data-testid="stat-coverage" dir="ltr">
            {stats ? `${stats.coverage}%` : '...'}
          </span>
          {t('map.coverage')}
        </p>
      </div>

      <NotOnMap filter={filter} />
    </section>
  );
}

/** 'Businesses Not on Map': up to 3 as 'name (city)', then '... and N more' (SPEC §2). */
function NotOnMap({ filter }: { filter: DirectoryFilter }) {
  const page = useUnmappedBusinesses(filter).data;
  const t = useMessages();
  if (!page || page.total === 0) return null;
  const listed = page.items.slice(0, DIRECTORY_LIMITS.unmappedBusinessesListed);
  const more = page.total - listed.length;
  return (
    <div className={map.unmapped} data-testid="unmapped">
      <h2>{t('map.notOnMap')}</h2>
      <p className={shared.hint}>{t('map.noLocation')}</p>
      <ul>
        {listed.map((business) => (
          <li key={business.id}>
            <bdi>{business.name}</bdi> ({cityOf(business)})
          </li>
        ))}
      </ul>
      {more > 0 && <p>{t('map.more', { n: more })}</p>}
    </div>
  );
}

// Memoised: typing in the search box re-renders the filters only.
export default memo(MapView);
