import { londonWeekMinute, type DirectoryFilter } from '@zaytoon/contract';
import type { DirectoryFilters } from '../businesses/businesses.repository';

const isAllFilter = (value: string | undefined) => !value || value.toLowerCase() === 'all';

const MINUTE_MS = 60_000;

/**
 * CONTRACT.md: an empty filter or 'all' means no filter. 'Open now' is open at `now`'s minute: of the London week for
 * the weekly hours, as an instant for special hours.
 */
export function toDirectoryFilters(query: DirectoryFilter, now: Date | number = Date.now()): DirectoryFilters {
  return {
    search: query.search || undefined,
    category: isAllFilter(query.category) ? undefined : query.category,
    city: isAllFilter(query.city) ? undefined : query.city,
    verified: query.verified === undefined ? undefined : query.verified === 'true',
    openAt:
      query.open_now === 'true'
        ? { weekMinute: londonWeekMinute(now), instant: new Date(Math.floor(Number(now) / MINUTE_MS) * MINUTE_MS).toISOString() }
        : undefined,
    alternativeTo: query.alternative_to || undefined,
    palestinianProduct: query.palestinian_product || undefined,
  };
}

/** 'Alternative to…' or 'Palestinian products': the rollups never hold them, so the matches are counted. */
export const hasTagFilter = (filters: DirectoryFilters): boolean => !!filters.alternativeTo || !!filters.palestinianProduct;

/** Cache key part of a filter set; filters compare case-insensitively, as the SQL does. 'Open now' keys by its minute. */
export function filtersKey(filters: DirectoryFilters): string {
  return JSON.stringify(
    [
      filters.search ?? '',
      filters.category ?? '',
      filters.city ?? '',
      filters.onMap ?? '',
      filters.verified ?? '',
      filters.openAt?.instant ?? '',
      filters.alternativeTo ?? '',
      filters.palestinianProduct ?? '',
    ].map((v) => String(v).toLowerCase()),
  );
}
