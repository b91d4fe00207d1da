import type { DirectoryFilter } from '@zaytoon/contract/client';

/** SPEC §2 Locations view: the group of businesses without a city. */
export const UNKNOWN_CITY = 'Unknown City';

/**
 * What the filter controls hold: free text, 'all' for no category or city (SPEC §2), 'true' for 'Verified only'
 * and for 'Open now'.
 */
export interface FilterValues {
  search: string;
  category: string;
  city: string;
  verified: '' | 'true';
  openNow: '' | 'true';
}

export const NO_FILTERS: FilterValues = { search: '', category: 'all', city: 'all', verified: '', openNow: '' };

/**
 * The filter every directory answer takes, with empty and 'all' left out, so that equal filters
 * make equal query keys ('all' and '' are the same filter, and so are 'olive' and 'olive ').
 */
export function toDirectoryFilter(values: FilterValues): DirectoryFilter {
  const filter: DirectoryFilter = {};
  const search = values.search.trim();
  if (search) filter.search = search;
  if (values.category && values.category !== 'all') filter.category = values.category;
  if (values.city && values.city !== 'all') filter.city = values.city;
  if (values.verified) filter.verified = values.verified;
  if (values.openNow) filter.open_now = values.openNow;
  return filter;
}

export function isFiltered(filter: DirectoryFilter): boolean {
  return Boolean(filter.search || filter.category || filter.city || filter.verified || filter.open_now);
}

export function sameFilters(a: FilterValues, b: FilterValues): boolean {
  return a.search === b.search && a.category === b.category && a.city === b.city && a.verified === b.verified && a.openNow === b.openNow;
}

export function cityOf(business: { city?: string | null }): string {
  return business.city?.trim() || UNKNOWN_CITY;
}
