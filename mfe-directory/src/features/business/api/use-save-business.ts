import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business, BusinessInput } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { directoryKeys } from '../../directory/api/keys';
import { businessKeys } from './keys';

/**
 * Adds a business (id null) or updates one. The saved answer is the business page's first read; the
 * directory's answers (counts, lists, categories) are read again when next shown.
 */
export function useSaveBusiness(id: number | null) {
  const { api } = useHost();
  const queryClient = useQueryClient();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useMutation({
    mutationFn: (input: BusinessInput): Promise<Business> =>
      id === null ? api.call('createBusiness', { body: input }) : api.call('updateBusiness', { id, body: input }),
    onSuccess: (saved) => {
      const savedId = saved?.id ?? id;
      if (savedId === null) return;
      void queryClient.invalidateQueries({ queryKey: businessKeys.all(savedId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: directoryKeys.all, refetchType: 'none' });
      // After the invalidation: the saved answer itself is fresh.
      if (saved?.id) queryClient.setQueryData(businessKeys.detail(savedId, viewer), saved);
    },
  });
}
