import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import { MAP_DEFAULTS, MAP_ZOOM, type MapAnswer, type MapQuery } from '@zaytoon/contract/client';
import { countLine, h } from './dom';
import { businessUrl, newTabLink } from './links';
import type { EmbedContext } from './main';

/** Map moves settle this long before the markers of the new view are asked for (as on /browse). */
const MOVE_SETTLE_MS = 200;
/** Framing the filters' results never zooms in further than a town. */
const FRAME_MAX_ZOOM = 13;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const degrees = (value: number, limit: number) => clamp(Math.round(value * 10_000) / 10_000, -limit, limit);

/** The server-clustered answer's query for what the map shows, with a quarter more on every side. */
function viewQuery(map: L.Map): Pick<MapQuery, 'bbox' | 'zoom'> {
  const bounds = map.getBounds().pad(0.25);
  const bbox = [degrees(bounds.getWest(), 180), degrees(bounds.getSouth(), 90), degrees(bounds.getEast(), 180), degrees(bounds.getNorth(), 90)];
  return { bbox: bbox.join(','), zoom: clamp(Math.round(map.getZoom()), MAP_ZOOM.min, MAP_ZOOM.max) };
}

/** Markers drawn by the page (no image files, no markup from data): a cluster's count, or a dot for one business. */
function markerIcon(count?: number): L.DivIcon {
  if (count === undefined) return L.divIcon({ className: 'embed__pin', iconSize: [18, 18] });
  const size = count < 10 ? 34 : count < 100 ? 42 : count < 1000 ? 52 : 60;
  return L.divIcon({ html: h('span', { 'data-testid': 'embed-cluster' }, String(count)), className: 'embed__cluster', iconSize: [size, size] });
}

function markersOf(answer: MapAnswer, map: L.Map, { t }: EmbedContext): L.Marker[] {
  return answer.items.map((item) => {
    if (item.kind === 'cluster') {
      const label = t('embed.count', { count: item.count });
      return L.marker([item.lat, item.lng], { icon: markerIcon(item.count), title: label, alt: label }).on('click', () =>
        map.setView([item.lat, item.lng], item.expansion_zoom),
      );
    }
    const popup = newTabLink(businessUrl(item.id), item.name, t, { 'data-testid': 'embed-business' });
    return L.marker([item.lat, item.lng], { icon: markerIcon(), title: item.name, alt: item.name }).bindPopup(popup);
  });
}

/** The filters' businesses on a map: the server's clusters and markers for the part in view, asked again after each move. */
export async function showMap(into: HTMLElement, context: EmbedContext): Promise<void> {
  const { api, t, filter } = context;
  const style = h('style', {}, leafletCss);
  document.head.append(style);
  const summary = await api.directorySummary(filter);
  const container = h('div', {
    class: 'embed__map',
    role: 'region',
    'aria-label': t('embed.mapLabel'),
    'data-testid': 'embed-map-canvas',
    dir: 'ltr',
  });
  into.replaceChildren(countLine(summary.total, t), container);
  const map = L.map(container, { scrollWheelZoom: false }).setView(MAP_DEFAULTS.center, MAP_DEFAULTS.zoom);
  L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors',
    maxZoom: 19,
  }).addTo(map);
  const markers = L.layerGroup().addTo(map);
  let request: AbortController | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const refresh = async () => {
    request?.abort();
    const current = (request = new AbortController());
    try {
      const answer = await api.mapView({ ...filter, ...viewQuery(map) }, { signal: current.signal });
      if (current.signal.aborted) return;
      markers.clearLayers();
      for (const marker of markersOf(answer, map, context)) markers.addLayer(marker);
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
