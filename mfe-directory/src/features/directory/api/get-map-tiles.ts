import { queryOptions, useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  MAP_ZOOM,
  type ApiClient,
  type DirectoryFilter,
  type MapBusiness,
  type MapCluster,
  type MapTile,
  type TileAddress,
} from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { directoryKeys } from './keys';

/** How long the map trusts the version it read before asking again (on the next move or focus). */
export const MAP_VERSION_FRESH_MS = 5_000;

/** The map's version: tile URLs carry it, so a tile read once at a version never needs asking again. */
export function getMapVersionQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: directoryKeys.mapVersion(),
    queryFn: ({ signal }) => api.call('mapVersion', undefined, { signal }),
    staleTime: MAP_VERSION_FRESH_MS,
  });
}

/** One XYZ tile's clusters and businesses for the filters, at a map version. */
export function getMapTileQueryOptions(api: ApiClient, filter: DirectoryFilter, tile: TileAddress, version: number) {
  return queryOptions({
    queryKey: directoryKeys.mapTile(filter, tile, version),
    queryFn: ({ signal }) => api.call('mapTile', { params: tile, query: { ...filter, v: version } }, { signal }),
    staleTime: Infinity,
  });
}

/** A marker to draw, keyed so that markers of different tiles and zooms never share a key. */
export type MapMarker = (MapCluster | MapBusiness) & { key: string };

/** A tile's items as markers: its 'more' marker is a cluster a click zooms into. */
function markersOf(tile: MapTile): MapMarker[] {
  return tile.items.map((item) => {
    if (item.kind === 'business') return { ...item, key: `b${item.id}` };
    if (item.kind === 'cluster') return { ...item, key: `c${tile.z}/${item.id}` };
    const id = tile.z * 2 ** 40 + tile.x * 2 ** 20 + tile.y;
    return { ...item, kind: 'cluster', id, expansion_zoom: Math.min(tile.z + 1, MAP_ZOOM.max), key: `m${tile.z}/${tile.x}/${tile.y}` };
  });
}

function mergeTiles(tiles: ReadonlyArray<MapTile | undefined>): MapMarker[] {
  const markers = new Map<string, MapMarker>();
  for (const tile of tiles) if (tile) for (const marker of markersOf(tile)) markers.set(marker.key, marker);
  return [...markers.values()];
}

// Module-level, so useQueries keeps its result (the same object) while no tile's answer changes.
const combineTiles = (results: ReadonlyArray<UseQueryResult<MapTile>>) => ({
  loading: results.some((result) => result.isPending),
  failed: results.some((result) => result.isError),
  markers: mergeTiles(results.map((result) => result.data)),
});

export interface MapTilesState {
  markers: MapMarker[];
  /** The map's version or a tile in view could not be read: the map would miss markers without saying so. */
  failed: boolean;
}

/** The markers of the tiles in view (null before the map knows its view), for the filters. */
export function useMapTiles(filter: DirectoryFilter, tiles: readonly TileAddress[] | null): MapTilesState {
  const { api } = useHost();
  const queryClient = useQueryClient();
  const versionQuery = useQuery({ ...getMapVersionQueryOptions(api), enabled: tiles !== null });
  const version = versionQuery.data?.version;
  // A move asks for the version again once it is a few seconds old, so a change reaches an open map.
  useEffect(() => {
    if (tiles) void queryClient.prefetchQuery(getMapVersionQueryOptions(api));
  }, [api, queryClient, tiles]);
  const { loading, failed, markers } = useQueries({
    queries: (version === undefined ? [] : (tiles ?? [])).map((tile) => getMapTileQueryOptions(api, filter, tile, version!)),
    combine: combineTiles,
  });
  // The markers of the last view stay on the map until every tile of the next one has come.
  const [shown, setShown] = useState(markers);
  if (!loading && shown !== markers) setShown(markers);
  return { markers: loading ? shown : markers, failed: failed || (versionQuery.isError && version === undefined) };
}
