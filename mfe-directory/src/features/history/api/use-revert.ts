import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { businessKeys } from '../../business/api/keys';
import { directoryKeys } from '../../directory/api/keys';

/** An admin's 'Revert to this version': the business, its history and the directory's answers are read again. */
export function useRevert(businessId: number) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const errorText = useErrorText();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (revisionId: number) => api.call('revertRevision', { id: businessId, secondId: revisionId }),
    onSuccess: async () => {
      toast.success(t('revisionReverted'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKeys.all(businessId) }),
        queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
      ]);
    },
    onError: (error) => {
      console.error('revert failed', error);
      toast.error(errorText(error, 'revertFailed'));
    },
  });
}
