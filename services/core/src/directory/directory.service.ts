import {
  LIMITS,
  MAP_TILES,
  MAP_ZOOM,
  type directoryFilterSchema,
  type mapTileQuerySchema,
  type CityCount,
  type CityGroups,
  type DirectorySummary,
  type MapTile,
  type MapTileParams,
  type MapVersion,
  type Valid,
} from '@zaytoon/contract';
import type { BusinessesRepository, CityStats, DirectoryFilters } from '../businesses/businesses.repository';
import { rollupsAnswer, type DirectoryRollupRepository } from './directory-rollup.repository';
import { filtersKey, hasTagFilter, toDirectoryFilters } from './directory-filters';
import { expansionZoom, MAP_ROLLUP_MAX_ZOOM, spreadAround, tileKeys, type TileKeys } from './map-tiles';

/** Cities A-Z ('en-GB'). */
export function compareCities(a: string, b: string): number {
  return a.localeCompare(b, 'en-GB');
}

/** 'Most active cities': the top N by count, ties A-Z. */
export function mostActive(groups: readonly CityCount[], top: number): CityCount[] {
  return [...groups].sort((a, b) => b.count - a.count || compareCities(a.city, b.city)).slice(0, top);
}

/** The count line, stat tiles, Location Summary and map frame, from the per-city figures. */
export function summarise(cities: readonly CityStats[]): DirectorySummary {
  const total = cities.reduce((sum, city) => sum + city.count, 0);
  const onMap = cities.reduce((sum, city) => sum + city.on_map, 0);
  const mapped = cities.filter((city) => city.on_map > 0);
  return {
    total,
    on_map: onMap,
    not_on_map: total - onMap,
    coverage: total === 0 ? 0 : Math.round((onMap / total) * 100),
    cities: cities.length,
    cities_on_map: mapped.length,
    most_active: mostActive(
      cities.map(({ city, count }) => ({ city, count })),
      LIMITS.mostActiveCities,
    ),
    bounds: mapped.length
      ? [
          Math.min(...mapped.map((city) => city.west!)),
          Math.min(...mapped.map((city) => city.south!)),
          Math.max(...mapped.map((city) => city.east!)),
          Math.max(...mapped.map((city) => city.north!)),
        ]
      : null,
  };
}

/**
 * The small answers the directory screen is built from: no answer grows with the table.
 * Totals and city groups are read from the rollups the writes keep, or, for a search or
 * 'Open now', aggregated over the matches in one statement; the map answers XYZ tiles, each a small indexed read
 * (no process holds an index of the whole table).
 */
export class DirectoryService {
  private readonly cityStatsInFlight = new Map<string, Promise<CityStats[]>>();

  constructor(
    private readonly businesses: BusinessesRepository,
    private readonly rollups: DirectoryRollupRepository,
  ) {}

  async summary(query: Valid<typeof directoryFilterSchema>): Promise<DirectorySummary> {
    return summarise(await this.cityStats(toDirectoryFilters(query)));
  }

  async cityGroups(query: Valid<typeof directoryFilterSchema>): Promise<CityGroups> {
    const stats = await this.cityStats(toDirectoryFilters(query));
    return { groups: stats.map(({ city, count }) => ({ city, count })).sort((a, b) => compareCities(a.city, b.city)) };
  }

  /** /browse asks for the summary and the city groups at once: one query serves both. */
  private cityStats(filters: DirectoryFilters): Promise<CityStats[]> {
    const key = filtersKey(filters);
    let pending = this.cityStatsInFlight.get(key);
    if (!pending) {
      const read = rollupsAnswer(filters) ? this.rollups.cityStats(filters) : this.businesses.cityStats(filters);
      pending = read.finally(() => this.cityStatsInFlight.delete(key));
      this.cityStatsInFlight.set(key, pending);
    }
    return pending;
  }

  mapVersion(): Promise<MapVersion> {
    return this.businesses.mapVersion().then((version) => ({ version }));
  }

  /**
   * One XYZ tile: up to MAP_ZOOM.clusterMaxZoom the cells of its 4 x 4 grid (a cell holding one business is that
   * business), read from the map_cells rollup when the filters allow it, else aggregated over the map_key index;
   * deeper, its businesses, at most MAP_TILES.businessesPerTile, then a 'more' marker. The version is read first,
   * so a tile is never older than the version it says.
   */
  async mapTile({ z, x, y }: MapTileParams, query: Valid<typeof mapTileQuerySchema>): Promise<MapTile> {
    const version = await this.businesses.mapVersion();
    const filters = toDirectoryFilters(query);
    const tile = tileKeys(z, x, y);
    const items = z > MAP_ZOOM.clusterMaxZoom ? await this.tileBusinesses(filters, tile, z) : await this.tileCells(filters, tile, z);
    return { z, x, y, version, items };
  }

  private async tileCells(filters: DirectoryFilters, tile: TileKeys, z: number): Promise<MapTile['items']> {
    const rollup =
      z <= MAP_ROLLUP_MAX_ZOOM &&
      !filters.search &&
      !filters.city &&
      filters.verified === undefined &&
      filters.openAt === undefined &&
      !hasTagFilter(filters);
    const cells = rollup ? await this.businesses.mapTileRollupCells(tile, filters.category) : await this.businesses.mapTileCells(filters, tile);
    const singles = cells.filter((cell) => cell.count === 1).map((cell) => cell.cell);
    const businesses = await this.businesses.mapCellBusinesses(filters, tile, singles);
    return [
      ...cells
        .filter((cell) => cell.count > 1)
        .map((cell) => ({
          kind: 'cluster' as const,
          id: Number(cell.cell),
          lat: cell.lat,
          lng: cell.lng,
          count: cell.count,
          expansion_zoom: expansionZoom(z, cell.split_zoom),
        })),
      ...businesses.map((business) => ({
        kind: 'business' as const,
        id: business.id,
        name: business.name,
        lat: business.latitude,
        lng: business.longitude,
      })),
    ];
  }

  private async tileBusinesses(filters: DirectoryFilters, tile: TileKeys, z: number): Promise<MapTile['items']> {
    const rows = await this.businesses.mapTileBusinesses(filters, tile, MAP_TILES.businessesPerTile);
    const items: MapTile['items'] = rows.map((row) => ({
      kind: 'business' as const,
      id: row.id,
      name: row.name,
      ...(row.sharing > 1 ? spreadAround(row.latitude, row.longitude, row.rank, z) : { lat: row.latitude, lng: row.longitude }),
    }));
    const total = rows[0]?.total ?? 0;
    if (total > rows.length) {
      const rest = total - rows.length;
      const listed = rows.reduce((sums, row) => ({ lat: sums.lat + row.latitude, lng: sums.lng + row.longitude }), { lat: 0, lng: 0 });
      items.push({ kind: 'more', count: rest, lat: (rows[0].latitude_sum - listed.lat) / rest, lng: (rows[0].longitude_sum - listed.lng) / rest });
    }
    return items;
  }
}
