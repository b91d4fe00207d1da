import {
  LIMITS,
  type directoryFilterSchema,
  type mapQuerySchema,
  type CityCount,
  type CityGroups,
  type DirectorySummary,
  type MapAnswer,
  type Valid,
} from '@zaytoon/contract';
import type { BusinessesRepository, CityStats, DirectoryFilters } from '../businesses/businesses.repository';
import type { DirectoryVersionRepository } from './directory-version.repository';
import { rollupsAnswer, type DirectoryRollupRepository } from './directory-rollup.repository';
import { filtersKey, toDirectoryFilters } from './directory-filters';
import { buildMapIndex, snapToTiles, viewportItems, type MapIndex } from './map-clusters';

/** Cluster indexes kept per process: the unfiltered one and a few recent filters. */
const MAP_INDEXES_KEPT = 8;

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
 * The small answers the directory screen is built from (issue #9): no answer grows with the table.
 * Totals and city groups are read from the rollups the writes keep (issue #30 point 3), or, for a search or
 * 'Open now', aggregated over the matches in one statement; map markers are clustered here, from an index built
 * once per set of matches and kept under the directory's version (any write rebuilds it).
 */
export class DirectoryService {
  private readonly mapIndexes = new Map<string, Promise<MapIndex>>();
  private readonly cityStatsInFlight = new Map<string, Promise<CityStats[]>>();

  constructor(
    private readonly businesses: BusinessesRepository,
    private readonly rollups: DirectoryRollupRepository,
    private readonly versions: DirectoryVersionRepository,
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

  async mapView(parsed: Valid<typeof mapQuerySchema>): Promise<MapAnswer> {
    const filters = toDirectoryFilters(parsed);
    const bbox = snapToTiles(parsed.bbox, parsed.zoom);
    const index = await this.mapIndex(filters);
    return { zoom: parsed.zoom, items: viewportItems(index, bbox, parsed.zoom) };
  }

  private async mapIndex(filters: DirectoryFilters): Promise<MapIndex> {
    const key = `${await this.versions.current()}:${filtersKey(filters)}`;
    const kept = this.mapIndexes.get(key);
    if (kept) {
      this.mapIndexes.delete(key);
      this.mapIndexes.set(key, kept);
      return kept;
    }
    const built = this.businesses.mapPoints(filters).then(buildMapIndex);
    this.mapIndexes.set(key, built);
    built.catch(() => this.mapIndexes.delete(key));
    while (this.mapIndexes.size > MAP_INDEXES_KEPT) this.mapIndexes.delete(this.mapIndexes.keys().next().value!);
    return built;
  }
}
