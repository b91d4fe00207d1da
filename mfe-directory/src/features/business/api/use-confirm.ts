import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmationAnswer } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { getConfirmationsQueryOptions } from './get-confirmations';
import { useMemberActionMessage } from './memberActionMessage';
import { useProtectionRefresh } from './protection';

/** A member's answer to 'Still open and still supportive?'; the answer comes back with the new summary. */
export function useConfirm(businessId: number) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const memberActionMessage = useMemberActionMessage();
  const queryClient = useQueryClient();
  const viewer = useSession((state) => state.user?.id ?? null);
  const key = getConfirmationsQueryOptions(api, businessId, viewer).queryKey;
  const refreshProtection = useProtectionRefresh(businessId);

  return useMutation({
    mutationFn: (answer: ConfirmationAnswer) => api.call('confirmBusiness', { id: businessId, body: { answer } }),
    onSuccess: (summary) => {
      queryClient.setQueryData(key, summary);
      toast.success(t('confirmationRecorded'));
    },
    onError: (error) => {
      console.error('confirmation failed', error);
      toast.error(memberActionMessage(error, 'loginToConfirm', 'internalError'));
    },
    onSettled: (_summary, error, answer) => refreshProtection(answer !== 'Yes', error),
  });
}
