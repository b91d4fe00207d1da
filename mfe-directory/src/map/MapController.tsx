import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMap, useMapEvent } from 'react-leaflet';
import { MAP_DEFAULTS, MAP_ZOOM, tilesCovering, type DirectoryFilter, type DirectorySummary, type TileAddress } from '@zaytoon/contract/client';
import { isFiltered } from '../features/directory/filters';
import type { Viewport } from '../features/directory/useDirectoryUrl';
import type { L } from './leafletSetup';

/** Map moves settle this long before markers are asked for and the URL follows. */
export const MOVE_DEBOUNCE_MS = 200;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The map tiles of what the map shows, at its zoom rounded to a whole one. */
export function tilesInView(map: L.Map): TileAddress[] {
  const bounds = map.getBounds();
  const zoom = clamp(Math.round(map.getZoom()), MAP_ZOOM.min, MAP_ZOOM.max);
  return tilesCovering({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }, zoom);
}

function near(a: Viewport, b: Viewport): boolean {
  return a.zoom === b.zoom && Math.abs(a.lat - b.lat) < 1e-4 && Math.abs(a.lng - b.lng) < 1e-4;
}

interface Props {
  filter: DirectoryFilter;
  /** The summary answer for `filter` (null while it is loading). */
  summary: DirectorySummary | null;
  viewport: Viewport | null;
  onViewportChange: (viewport: Viewport) => void;
  onViewChange: (tiles: TileAddress[]) => void;
}

/**
 * Keeps the map, the URL and the marker query in step:
 * - after a move (debounced) the viewport goes to the URL and the tiles of the new view are asked for;
 * - new filters (the URL then holds no viewport) frame their results: summary.bounds with at most zoom
 *   13 when a filter is on, SPEC's centre and zoom otherwise; a viewport in the URL wins over both;
 * - a viewport that arrives in the URL from elsewhere (Back, Forward) moves the map there.
 */
export function MapController({ filter, summary, viewport, onViewportChange, onViewChange }: Props) {
  const map = useMap();
  const callbacks = useRef({ onViewportChange, onViewChange });
  useLayoutEffect(() => {
    callbacks.current = { onViewportChange, onViewChange };
  });
  const written = useRef<Viewport | null>(viewport);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useMapEvent('moveend', () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const centre = map.getCenter();
      const next = { lat: centre.lat, lng: centre.lng, zoom: Math.round(map.getZoom()) };
      written.current = next;
      callbacks.current.onViewChange(tilesInView(map));
      callbacks.current.onViewportChange(next);
    }, MOVE_DEBOUNCE_MS);
  });
  useEffect(() => {
    callbacks.current.onViewChange(tilesInView(map));
    return () => clearTimeout(timer.current);
  }, [map]);
  // A link in the map (a popup's 'View Full Details') leaves it: a write still pending from the last move (the popup's
  // own autopan among them) would land while the next page loads and take the visitor back to the map.
  useEffect(() => {
    const container = map.getContainer();
    const leaving = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) clearTimeout(timer.current);
    };
    container.addEventListener('click', leaving, true);
    return () => container.removeEventListener('click', leaving, true);
  }, [map]);

  // Back or Forward brought another viewport: go there.
  useEffect(() => {
    if (!viewport || (written.current && near(viewport, written.current))) return;
    written.current = viewport;
    map.setView([viewport.lat, viewport.lng], viewport.zoom);
  }, [map, viewport]);

  const key = JSON.stringify(filter);
  const [framedKey, setFramedKey] = useState<string | null>(() => (viewport || !isFiltered(filter) ? key : null));
  useEffect(() => {
    if (framedKey === key) return;
    if (viewport) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- marks these filters as framed; the other branches move the Leaflet map, which only an effect may do
      setFramedKey(key);
      return;
    }
    if (!isFiltered(filter)) {
      setFramedKey(key);
      map.setView(MAP_DEFAULTS.center, MAP_DEFAULTS.zoom);
      return;
    }
    if (!summary) return; // wait for the answer to these filters
    setFramedKey(key);
    if (summary.bounds) {
      const [west, south, east, north] = summary.bounds;
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [32, 32], maxZoom: 13 },
      );
    }
  }, [map, key, filter, framedKey, summary, viewport]);

  return null;
}
