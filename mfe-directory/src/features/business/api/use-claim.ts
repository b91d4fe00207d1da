import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimInput } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { businessKeys } from './keys';
import { answerText, useMemberActionMessage } from './memberActionMessage';

/** 'I own this business': the claim waits for an admin; the page's can-edit is read again after. */
export function useClaimBusiness(businessId: number) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const memberActionMessage = useMemberActionMessage();
  const queryClient = useQueryClient();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useMutation({
    mutationFn: (input: ClaimInput) => api.call('claimBusiness', { id: businessId, body: input }),
    onSuccess: (receipt) => {
      toast.success(receipt.message ? answerText(t, receipt.message, ['claimSubmitted']) : t('claimSubmitted'));
      void queryClient.invalidateQueries({ queryKey: businessKeys.canEdit(businessId, viewer) });
    },
    onError: (error) => {
      console.error('claim failed', error);
      toast.error(memberActionMessage(error, 'loginToClaim', 'claimFailed'));
    },
  });
}
