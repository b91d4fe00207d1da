import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BRAND_RULES, type BrandSummary, type ProductType } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';

const OPTIONS_STALE_MS = 5 * 60_000;
/** The search box offers brands once it holds this many characters (the offers' code downloads only then). */
export const BRAND_OFFER_MIN_LENGTH = 3;
const NO_BRANDS: BrandSummary[] = [];
const NO_TYPES: ProductType[] = [];

export const brandKeys = {
  options: (search: string) => ['brands', 'options', search] as const,
  brand: (slug: string) => ['brands', 'one', slug] as const,
  productTypes: () => ['brands', 'product-types'] as const,
};

/** The brands whose name holds `search` (those that start with it first), for 'Alternative to…' and the search box. */
export function useBrandOptions(search: string, { enabled }: { enabled: boolean }): BrandSummary[] {
  const { api } = useHost();
  return (
    useQuery({
      queryKey: brandKeys.options(search),
      queryFn: ({ signal }) => api.call('listBrands', { query: { search: search || undefined, limit: BRAND_RULES.listDefaultLimit } }, { signal }),
      staleTime: OPTIONS_STALE_MS,
      placeholderData: keepPreviousData,
      enabled,
    }).data ?? NO_BRANDS
  );
}

/** One brand's page: its reason, sources and how many alternatives it has. */
export function useBrand(slug: string | null) {
  const { api } = useHost();
  return useQuery({
    queryKey: brandKeys.brand(slug ?? ''),
    queryFn: ({ signal }) => api.call('getBrand', { params: { slug: slug! } }, { signal }),
    enabled: !!slug,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** The Palestinian product types, for the filter. */
export function useProductTypes({ enabled }: { enabled: boolean } = { enabled: true }): ProductType[] {
  const { api } = useHost();
  return (
    useQuery({ queryKey: brandKeys.productTypes(), queryFn: () => api.call('productTypes'), staleTime: OPTIONS_STALE_MS, enabled }).data ?? NO_TYPES
  );
}
