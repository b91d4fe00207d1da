import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { MAP_DEFAULTS, type Business } from '@zaytoon/client';

export type MapFrame =
  | { kind: 'bounds'; points: [number, number][] }
  | { kind: 'default'; center: [number, number]; zoom: number };

/**
 * With a filter on, the map frames the matching businesses (a city outside the UK-wide default view
 * would otherwise show nothing); without one it keeps SPEC's centre and zoom.
 */
export function mapFrame(mapped: Business[], filtered: boolean): MapFrame {
  const points = mapped.map((business) => [business.latitude!, business.longitude!] as [number, number]);
  if (filtered && points.length > 0) return { kind: 'bounds', points };
  return { kind: 'default', center: MAP_DEFAULTS.center, zoom: MAP_DEFAULTS.zoom };
}

export function FitToResults({ businesses, filtered }: { businesses: Business[]; filtered: boolean }) {
  const map = useMap();
  useEffect(() => {
    const frame = mapFrame(businesses, filtered);
    if (frame.kind === 'bounds') map.fitBounds(frame.points, { padding: [32, 32], maxZoom: 13 });
    else map.setView(frame.center, frame.zoom);
  }, [map, businesses, filtered]);
  return null;
}
