import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessProductsInput } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { businessKeys } from '../business/api/keys';

/** Its owner's or an admin's 'Alternative to' brands and Palestinian products: the page reads the business again after. */
export function useSaveTags(businessId: number) {
  const { api, toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  const after = {
    onError: (error: unknown) => {
      console.error('saving tags failed', error);
      toast.error(errorText(error, 'saveTagsFailed'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: businessKeys.all(businessId) }),
  };
  const alternatives = useMutation({
    mutationFn: (brands: string[]) => api.call('setBusinessAlternatives', { id: businessId, body: { brands } }),
    onSuccess: () => toast.success(message('alternativesSaved')),
    ...after,
  });
  const products = useMutation({
    mutationFn: (input: BusinessProductsInput) => api.call('setBusinessProducts', { id: businessId, body: input }),
    onSuccess: () => toast.success(message('productsSaved')),
    ...after,
  });
  return { alternatives, products };
}
