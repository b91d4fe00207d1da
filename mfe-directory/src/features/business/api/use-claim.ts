import type { ClaimInput } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { businessKeys } from './keys';
import { answerText } from './memberActionMessage';
import { useMemberAction } from './use-member-action';

/** 'I own this business': the claim waits for an admin; the page's can-edit is read again after. */
export function useClaimBusiness(businessId: number) {
  const { api } = useHost();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useMemberAction({
    log: 'claim failed',
    send: (input: ClaimInput) => api.call('claimBusiness', { id: businessId, body: input }),
    success: (t, receipt) => (receipt.message ? answerText(t, receipt.message, ['claimSubmitted']) : t('claimSubmitted')),
    loginFirst: 'loginToClaim',
    failure: 'claimFailed',
    stale: businessKeys.canEdit(businessId, viewer),
  });
}
