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
  /** 'Alternative to…': a brand's slug, or '' for none. */
  alternativeTo: string;
  /** 'Palestinian products': a product type's slug, 'any', or '' for none. */
  product: string;
}

export const NO_FILTERS: FilterValues = { search: '', category: 'all', city: 'all', verified: '', openNow: '', alternativeTo: '', product: '' };

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
  if (values.alternativeTo) filter.alternative_to = values.alternativeTo;
  if (values.product) filter.palestinian_product = values.product;
  return filter;
}

export function isFiltered(filter: DirectoryFilter): boolean {
  return Boolean(
    filter.search || filter.category || filter.city || filter.verified || filter.open_now || filter.alternative_to || filter.palestinian_product,
  );
}

export function sameFilters(a: FilterValues, b: FilterValues): boolean {
  return (
    a.search === b.search &&
    a.category === b.category &&
    a.city === b.city &&
    a.verified === b.verified &&
    a.openNow === b.openNow &&
    a.alternativeTo === b.alternativeTo &&
    a.product === b.product
  );
}

export function cityOf(business: { city?: string | null }): string {
  return business.city?.trim() || UNKNOWN_CITY;
}
