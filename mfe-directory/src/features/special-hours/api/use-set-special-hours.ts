import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessDetail, SpecialHoursInput } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { directoryKeys } from '../../directory/api/keys';
import { businessKeys } from '../../business/api/keys';

/** Replaces a business's special hours (its owner or an admin); the page shows the answer, the lists read again. */
export function useSetSpecialHours(businessId: number) {
  const { api } = useHost();
  const queryClient = useQueryClient();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useMutation({
    mutationFn: (input: SpecialHoursInput): Promise<BusinessDetail> => api.call('setSpecialHours', { id: businessId, body: input }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: directoryKeys.all, refetchType: 'none' });
      queryClient.setQueryData(businessKeys.detail(businessId, viewer), saved);
    },
  });
}
