import {
  LIMITS,
  directoryFilterSchema,
  mapQuerySchema,
  type CityCount,
  type DirectorySummary,
  type MapAnswer,
} from '@zaytoon/contract';
import type { BusinessesRepository, DirectoryFilters } from '../businesses/businesses.repository.js';
import type { AnswerCacheRepository, CachedAnswer } from '../cache/answer-cache.repository.js';
import { parseInput } from '../errors/validate.js';
import { filtersKey, toDirectoryFilters } from './directory-filters.js';
import { buildMapIndex, snapToTiles, viewportItems, type MapIndex } from './map-clusters.js';

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

/**
 * The small answers the directory screen is built from (issue #9): no answer grows with the table.
 * Totals and city groups are aggregated in SQL; map markers are clustered here, from an index built
 * once per set of matches and kept under the business cache version (any write rebuilds it).
 */
export class DirectoryService {
  private readonly mapIndexes = new Map<string, Promise<MapIndex>>();

  constructor(
    private readonly businesses: BusinessesRepository,
    private readonly cache: AnswerCacheRepository,
  ) {}

  summary(query: unknown): Promise<CachedAnswer> {
    const filters = toDirectoryFilters(parseInput(directoryFilterSchema, query));
    return this.cache.getOrCompute(`summary:${filtersKey(filters)}`, async (): Promise<DirectorySummary> => {
      const [totals, groups] = await Promise.all([this.businesses.totals(filters), this.businesses.cityCounts(filters)]);
      const mapped = totals.west !== null;
      return {
        total: totals.total,
        on_map: totals.on_map,
        not_on_map: totals.total - totals.on_map,
        coverage: totals.total === 0 ? 0 : Math.round((totals.on_map / totals.total) * 100),
        cities: totals.cities,
        cities_on_map: totals.cities_on_map,
        most_active: mostActive(groups, LIMITS.mostActiveCities),
        bounds: mapped ? [totals.west!, totals.south!, totals.east!, totals.north!] : null,
      };
    });
  }

  cityGroups(query: unknown): Promise<CachedAnswer> {
    const filters = toDirectoryFilters(parseInput(directoryFilterSchema, query));
    return this.cache.getOrCompute(`by-city:${filtersKey(filters)}`, async () => ({
      groups: (await this.businesses.cityCounts(filters)).sort((a, b) => compareCities(a.city, b.city)),
    }));
  }

  async mapView(query: unknown): Promise<CachedAnswer> {
    const parsed = parseInput(mapQuerySchema, query);
    const filters = toDirectoryFilters(parsed);
    const bbox = snapToTiles(parsed.bbox, parsed.zoom);
    return this.cache.getOrCompute(`map:${filtersKey(filters)}:${bbox.join(',')}:${parsed.zoom}`, async (): Promise<MapAnswer> => {
      const index = await this.mapIndex(filters);
      return { zoom: parsed.zoom, items: viewportItems(index, bbox, parsed.zoom) };
    });
  }

  private async mapIndex(filters: DirectoryFilters): Promise<MapIndex> {
    const key = `${await this.cache.version()}:${filtersKey(filters)}`;
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
