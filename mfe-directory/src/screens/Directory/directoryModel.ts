import type { Business } from '@zaytoon/client';

export const UNKNOWN_CITY = 'Unknown City';

export interface CityGroup {
  city: string;
  businesses: Business[];
}

/** SPEC §2 Locations view: businesses grouped by city, 'Unknown City' when missing. Cities A-Z, unknown last. */
export function groupByCity(businesses: readonly Business[]): CityGroup[] {
  const groups = new Map<string, Business[]>();
  for (const business of businesses) {
    const city = business.city?.trim() || UNKNOWN_CITY;
    const list = groups.get(city);
    if (list) list.push(business);
    else groups.set(city, [business]);
  }
  return [...groups.entries()]
    .map(([city, list]) => ({ city, businesses: list }))
    .sort((a, b) => {
      if (a.city === UNKNOWN_CITY) return 1;
      if (b.city === UNKNOWN_CITY) return -1;
      return a.city.localeCompare(b.city, 'en-GB');
    });
}

/** 'Most active cities': the top N groups by count (ties A-Z). */
export function mostActiveCities(groups: readonly CityGroup[], top = 3): Array<{ city: string; count: number }> {
  return groups
    .map((group) => ({ city: group.city, count: group.businesses.length }))
    .sort((a, b) => b.count - a.count || a.city.localeCompare(b.city, 'en-GB'))
    .slice(0, top);
}

export function isMapped(business: Business): boolean {
  return typeof business.latitude === 'number' && typeof business.longitude === 'number';
}

/** The three map tiles: businesses on the map, cities with mapped businesses, coverage %. */
export function mapStats(businesses: readonly Business[]) {
  const mapped = businesses.filter(isMapped);
  const cities = new Set(mapped.map((business) => business.city?.trim() || UNKNOWN_CITY));
  return {
    mapped,
    unmapped: businesses.filter((business) => !isMapped(business)),
    onMap: mapped.length,
    cities: cities.size,
    coverage: businesses.length === 0 ? 0 : Math.round((mapped.length / businesses.length) * 100),
  };
}
