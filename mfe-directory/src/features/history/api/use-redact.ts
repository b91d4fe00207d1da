import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { businessKeys } from '../../business/api/keys';

/** An admin's 'Redact': the revision's values leave the history, which is read again (the business itself is unchanged). */
export function useRedact(businessId: number, revisionId: number) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const errorText = useErrorText();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (input: { reason: string }) => api.call('redactRevision', { id: businessId, secondId: revisionId, body: input }),
    onSuccess: async () => {
      toast.success(t('revisionRedacted'));
      await queryClient.invalidateQueries({ queryKey: [...businessKeys.all(businessId), 'history'] });
    },
    onError: (error) => {
      console.error('redaction failed', error);
      toast.error(errorText(error, 'redactFailed'));
    },
  });
}
