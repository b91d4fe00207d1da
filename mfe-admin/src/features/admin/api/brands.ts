import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { BRAND_RULES, type BrandInput, type BrandSummary, type PlainMessageCode, type ProductType } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText, type ContractTranslate } from '@zaytoon/web-kit/contract-messages';
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

/** A change on the brands tab: a toast says how it went, then the answers it changed (`stale`) are read again. */
function useBrandsChange<Variables>(options: {
  kind: Parameters<typeof adminKeys.decision>[0];
  send: (variables: Variables) => Promise<unknown>;
  success: (variables: Variables, message: ContractTranslate) => string;
  failure: PlainMessageCode;
  stale: readonly QueryKey[];
}) {
  const { toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision(options.kind),
    mutationFn: options.send,
    onSuccess: (_answer, variables) => toast.success(options.success(variables, message)),
    onError: (error) => {
      console.error(`${options.kind} failed`, error);
      toast.error(errorText(error, options.failure));
    },
    onSettled: () => Promise.all(options.stale.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** Adds a brand, or saves an edit of one (`id`); the brand lists are read again. */
export function useSaveBrand() {
  const { api } = useHost();
  return useBrandsChange({
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
  return useBrandsChange({
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
  return useBrandsChange({
    kind: 'add-product-type',
    send: (name: string) => api.call('createProductType', { body: { name } }),
    success: (_name, message) => message('productTypeAdded'),
    failure: 'addProductTypeFailed',
    stale: [adminKeys.productTypes()],
  });
}

export function useDeleteProductType() {
  const { api } = useHost();
  return useBrandsChange({
    kind: 'delete-product-type',
    send: (type: ProductType) => api.call('deleteProductType', { id: type.id }),
    success: (type, message) => message('productTypeDeleted', { name: type.name }),
    failure: 'deleteProductTypeFailed',
    stale: [adminKeys.productTypes()],
  });
}
