import { useQuery } from '@tanstack/react-query';
import { BRAND_RULES, type BrandInput, type BrandSummary, type ProductType } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useAdminDecision } from './admin-decision';
import { adminKeys } from './keys';

/** The brands whose name holds the search (A-Z without one), as many as the list may answer. */
export function useBrands(search: string) {
  const { api } = useHost();
  return useQuery({
    queryKey: adminKeys.brands(search),
    queryFn: ({ signal }) => api.call('listBrands', { query: { search, limit: BRAND_RULES.listMaxLimit } }, { signal }),
    meta: { failure: 'loadBrandsFailed' },
  });
}

/** One brand with its reason and sources, to edit. */
export function useBrand(slug: string | null) {
  const { api } = useHost();
  return useQuery({
    queryKey: adminKeys.brand(slug ?? ''),
    queryFn: () => api.call('getBrand', { params: { slug: slug! } }),
    enabled: slug !== null,
    meta: { failure: 'loadBrandsFailed' },
  });
}

/** Adds a brand, or saves an edit of one (`id`); the brand lists are read again. */
export function useSaveBrand() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'save-brand',
    send: ({ id, input }: { id: number | null; input: BrandInput }) =>
      id === null ? api.call('createBrand', { body: input }) : api.call('updateBrand', { id, body: input }),
    success: (_brand, message) => message('brandSaved'),
    failure: 'saveBrandFailed',
    stale: [adminKeys.brandLists],
  });
}

/** Deletes a brand: the brand lists, and the suggestions its deletion rejected, are read again. */
export function useDeleteBrand() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'delete-brand',
    send: (brand: BrandSummary) => api.call('deleteBrand', { id: brand.id }),
    success: (brand, message) => message('brandDeleted', { name: brand.name }),
    failure: 'deleteBrandFailed',
    stale: [adminKeys.brandLists, adminKeys.suggestions(), adminKeys.statistics()],
  });
}

export function useProductTypes() {
  const { api } = useHost();
  return useQuery({ queryKey: adminKeys.productTypes(), queryFn: () => api.call('productTypes'), meta: { failure: 'loadBrandsFailed' } });
}

export function useAddProductType() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'add-product-type',
    send: (name: string) => api.call('createProductType', { body: { name } }),
    success: (_name, message) => message('productTypeAdded'),
    failure: 'addProductTypeFailed',
    stale: [adminKeys.productTypes()],
  });
}

export function useDeleteProductType() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'delete-product-type',
    send: (type: ProductType) => api.call('deleteProductType', { id: type.id }),
    success: (type, message) => message('productTypeDeleted', { name: type.name }),
    failure: 'deleteProductTypeFailed',
    stale: [adminKeys.productTypes()],
  });
}
