import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient, MapQuery } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

/** Markers of one viewport and zoom: server-side clusters and single businesses. */
export function getMapViewQueryOptions(api: ApiClient, query: MapQuery) {
  return queryOptions({
    queryKey: directoryKeys.map(query),
    queryFn: ({ signal }) => api.mapView(query, { signal }),
    // The markers of the last viewport stay on the map while the next ones load.
    placeholderData: keepPreviousData,
  });
}

export function useMapView(query: MapQuery | null) {
  const { api } = useHost();
  return useQuery({
    ...getMapViewQueryOptions(api, query ?? { bbox: '', zoom: 0 }),
    enabled: query !== null,
  });
}
