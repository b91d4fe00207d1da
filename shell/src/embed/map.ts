import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import { MAP_DEFAULTS, MAP_ZOOM, tilesCovering, type MapTile, type TileAddress } from '@zaytoon/contract/client';
import { coverImage } from './cover';
import { countLine, h } from './dom';
import { businessUrl, newTabLink } from './links';
import type { EmbedContext } from './main';

/** Map moves settle this long before the markers of the new view are asked for (as on /browse). */
const MOVE_SETTLE_MS = 200;
/** Framing the filters' results never zooms in further than a town. */
const FRAME_MAX_ZOOM = 13;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The map tiles of what the map shows, at its zoom rounded to a whole one (as on /browse). */
function tilesInView(map: L.Map): TileAddress[] {
  const bounds = map.getBounds();
  const zoom = clamp(Math.round(map.getZoom()), MAP_ZOOM.min, MAP_ZOOM.max);
  return tilesCovering({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }, zoom);
}

/** Markers drawn by the page (no image files, no markup from data): a cluster's count, or a dot for one business. */
function markerIcon(count?: number): L.DivIcon {
  if (count === undefined) return L.divIcon({ className: 'embed__pin', iconSize: [18, 18] });
  const size = count < 10 ? 34 : count < 100 ? 42 : count < 1000 ? 52 : 60;
  return L.divIcon({ html: h('span', { 'data-testid': 'embed-cluster' }, String(count)), className: 'embed__cluster', iconSize: [size, size] });
}

function markersOf(tile: MapTile, map: L.Map, context: EmbedContext): L.Marker[] {
  const { t } = context;
  return tile.items.map((item) => {
    if (item.kind !== 'business') {
      // A tile's 'more' marker is a cluster that zooms in one step.
      const expansion = item.kind === 'cluster' ? item.expansion_zoom : Math.min(tile.z + 1, MAP_ZOOM.max);
      const label = t('embed.count', { count: item.count });
      return L.marker([item.lat, item.lng], { icon: markerIcon(item.count), title: label, alt: label }).on('click', () =>
        map.setView([item.lat, item.lng], expansion),
      );
    }
    const marker = L.marker([item.lat, item.lng], { icon: markerIcon(), title: item.name, alt: item.name });
    return marker.bindPopup(businessPopup(item.id, item.name, marker, context));
  });
}

/** A business's popup: its name linking to its page, and its cover once the business is read on opening (tiles carry none). */
function businessPopup(id: number, name: string, marker: L.Marker, { api, t }: EmbedContext): HTMLElement {
  const content = h('div', { class: 'embed__popup' }, newTabLink(businessUrl(id), name, t, { 'data-testid': 'embed-business' }));
  let read: Promise<void> | undefined;
  marker.on('popupopen', () => {
    read ??= api.call('getBusiness', { id }).then(
      (business) => {
        const cover = coverImage(business.cover);
        if (!cover) return;
        content.prepend(cover);
        marker.getPopup()?.update();
      },
      (error: unknown) => {
        read = undefined;
        console.error('[embed] could not read the business', error);
      },
    );
  });
  return content;
}

/** The filters' businesses on a map: the server's clusters and markers of the map tiles in view, asked again after each move. */
export async function showMap(into: HTMLElement, context: EmbedContext): Promise<void> {
  const { api, t, filter } = context;
  const style = h('style', {}, leafletCss);
  document.head.append(style);
  const summary = await api.call('directorySummary', { query: filter });
  const container = h('div', {
    class: 'embed__map',
    role: 'region',
    'aria-label': t('embed.mapLabel'),
    'data-testid': 'embed-map-canvas',
    dir: 'ltr',
  });
  into.replaceChildren(countLine(summary.total, t), container);
  const map = L.map(container, { scrollWheelZoom: false }).setView(MAP_DEFAULTS.center, MAP_DEFAULTS.zoom);
  L.tileLayer(context.mapTiles.url, { attribution: context.mapTiles.attribution, maxZoom: 19 }).addTo(map);
  // In a frame, the attribution's links open a tab of their own rather than replace the embedding page's frame.
  for (const link of container.querySelectorAll<HTMLAnchorElement>('.leaflet-control-attribution a[href]')) {
    link.target = '_blank';
    link.rel = 'noopener';
  }
  const markers = L.layerGroup().addTo(map);
  let request: AbortController | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const refresh = async () => {
    request?.abort();
    const current = (request = new AbortController());
    try {
      const { version } = await api.call('mapVersion', undefined, { signal: current.signal });
      const tiles = await Promise.all(
        tilesInView(map).map((tile) => api.call('mapTile', { params: tile, query: { ...filter, v: version } }, { signal: current.signal })),
      );
      if (current.signal.aborted) return;
      markers.clearLayers();
      for (const tile of tiles) for (const marker of markersOf(tile, map, context)) markers.addLayer(marker);
    } catch (error) {
      if (!current.signal.aborted) console.error('[embed] could not load the map', error);
    }
  };
  map.on('moveend', () => {
    clearTimeout(settle);
    settle = setTimeout(() => void refresh(), MOVE_SETTLE_MS);
  });
  if (summary.bounds) {
    const [west, south, east, north] = summary.bounds;
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [24, 24], maxZoom: FRAME_MAX_ZOOM },
    );
  }
  await refresh();
}
