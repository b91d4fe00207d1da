import Supercluster from 'supercluster';
import { MAP_ZOOM, type MapAnswer } from '@zaytoon/contract';
import type { MapPoint } from '../businesses/businesses.repository';

type Props = { id: number; name: string };
export type MapIndex = Supercluster<Props, Supercluster.AnyProps>;

/** Clusters for every zoom, built once per set of matches; a viewport query then takes well under a millisecond. */
export function buildMapIndex(points: readonly MapPoint[]): MapIndex {
  const index = new Supercluster<Props, Supercluster.AnyProps>({ radius: 60, maxZoom: MAP_ZOOM.clusterMaxZoom });
  index.load(
    points.map((point) => ({
      type: 'Feature' as const,
      properties: { id: point.id, name: point.name },
      geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
    })),
  );
  return index;
}

const SPREAD_STEP_PX = 22;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Businesses that share one point (a postcode district centre) would hide each other at every zoom:
 * from MAP_ZOOM.spreadFromZoom on they stand on a sunflower spiral around it, a marker's width apart.
 */
export function spreadAround(lat: number, lng: number, index: number, zoom: number): { lat: number; lng: number } {
  const radiusPx = SPREAD_STEP_PX * Math.sqrt(index + 0.5);
  const angle = index * GOLDEN_ANGLE;
  const degreesPerPx = 360 / (256 * 2 ** zoom);
  return {
    lat: lat + radiusPx * Math.sin(angle) * degreesPerPx * Math.cos((lat * Math.PI) / 180),
    lng: lng + radiusPx * Math.cos(angle) * degreesPerPx,
  };
}

/**
 * The viewport grown to the grid of map tiles at its zoom: a small pan asks the same question again,
 * so answers are shared and cached instead of one per pixel of panning.
 */
export function snapToTiles(bbox: [number, number, number, number], zoom: number): [number, number, number, number] {
  const step = 360 / 2 ** zoom;
  const snap = (value: number, round: (x: number) => number, min: number, max: number) => Math.min(max, Math.max(min, round(value / step) * step));
  const [west, south, east, north] = bbox;
  return [snap(west, Math.floor, -180, 180), snap(south, Math.floor, -90, 90), snap(east, Math.ceil, -180, 180), snap(north, Math.ceil, -90, 90)];
}

/** Clusters and single businesses inside a viewport at a zoom. */
export function viewportItems(index: MapIndex, bbox: [number, number, number, number], zoom: number): MapAnswer['items'] {
  const features = index.getClusters(bbox, zoom);
  const sharing = new Map<string, number>();
  if (zoom >= MAP_ZOOM.spreadFromZoom) {
    for (const feature of features) {
      const key = feature.geometry.coordinates.join(',');
      sharing.set(key, (sharing.get(key) ?? 0) + 1);
    }
  }
  const placed = new Map<string, number>();
  return features.map((feature) => {
    const [lng, lat] = feature.geometry.coordinates;
    const props = feature.properties as Partial<Supercluster.ClusterProperties> & Partial<Props>;
    if (props.cluster) {
      const id = props.cluster_id as number;
      const expansion = Math.min(index.getClusterExpansionZoom(id), MAP_ZOOM.max);
      return { kind: 'cluster' as const, id, lat, lng, count: props.point_count as number, expansion_zoom: expansion };
    }
    const key = feature.geometry.coordinates.join(',');
    const rank = placed.get(key) ?? 0;
    placed.set(key, rank + 1);
    const position = (sharing.get(key) ?? 0) > 1 ? spreadAround(lat, lng, rank, zoom) : { lat, lng };
    return { kind: 'business' as const, id: props.id as number, name: props.name as string, ...position };
  });
}
