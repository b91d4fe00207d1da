import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BRAND_RULES, type BrandInput } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
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
  const { api, toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision('save-brand'),
    mutationFn: ({ id, input }: { id: number | null; input: BrandInput }) =>
      id === null ? api.call('createBrand', { body: input }) : api.call('updateBrand', { id, body: input }),
    onSuccess: () => toast.success(message('brandSaved')),
    onError: (error) => {
      console.error('save-brand failed', error);
      toast.error(errorText(error, 'saveBrandFailed'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.brandLists }),
  });
}

export function useProductTypes() {
  const { api } = useHost();
  return useQuery({ queryKey: adminKeys.productTypes(), queryFn: () => api.call('productTypes'), meta: { failure: 'loadBrandsFailed' } });
}

export function useAddProductType() {
  const { api, toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision('add-product-type'),
    mutationFn: (name: string) => api.call('createProductType', { body: { name } }),
    onSuccess: () => toast.success(message('productTypeAdded')),
    onError: (error) => {
      console.error('add-product-type failed', error);
      toast.error(errorText(error, 'addProductTypeFailed'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.productTypes() }),
  });
}
