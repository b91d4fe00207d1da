import Supercluster from 'supercluster';
import type { Business } from '@zaytoon/client';

export interface BusinessPointProps {
  business: Business;
}

export type ClusterItem =
  | { kind: 'cluster'; id: number; lat: number; lng: number; count: number }
  | { kind: 'business'; business: Business; lat: number; lng: number };

/** One index per list of businesses; viewport queries answer in well under a millisecond. */
export function buildIndex(businesses: readonly Business[]) {
  const index = new Supercluster<BusinessPointProps, Supercluster.AnyProps>({ radius: 60, maxZoom: 17 });
  index.load(
    businesses
      .filter((business) => typeof business.latitude === 'number' && typeof business.longitude === 'number')
      .map((business) => ({
        type: 'Feature' as const,
        properties: { business },
        geometry: { type: 'Point' as const, coordinates: [business.longitude as number, business.latitude as number] },
      })),
  );
  return index;
}

export function clustersIn(
  index: Supercluster<BusinessPointProps, Supercluster.AnyProps>,
  bbox: [number, number, number, number],
  zoom: number,
): ClusterItem[] {
  return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates;
    const props = feature.properties as Partial<Supercluster.ClusterProperties> & Partial<BusinessPointProps>;
    if (props.cluster) {
      return { kind: 'cluster', id: props.cluster_id as number, lat, lng, count: props.point_count as number };
    }
    return { kind: 'business', business: props.business as Business, lat, lng };
  });
}
