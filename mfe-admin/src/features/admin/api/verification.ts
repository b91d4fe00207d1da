import { useQuery } from '@tanstack/react-query';
import type { VerifyInput } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useAdminDecision } from './admin-decision';
import { adminKeys } from './keys';

/** The business an admin came to verify from its page (/admin?verify=<id>): its name and where it stands. */
export function useBusinessToVerify(id: number | null) {
  const { api } = useHost();
  return useQuery({
    queryKey: adminKeys.business(id ?? 0),
    queryFn: () => api.call('getBusiness', { id: id! }),
    enabled: id !== null,
    meta: { failure: 'loadBusinessFailed' },
  });
}

export function useVerifyBusiness() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'verify-business',
    send: ({ businessId, input }: { businessId: number; input: VerifyInput }) => api.call('verifyBusiness', { id: businessId, body: input }),
    success: (_variables, message) => message('businessVerified'),
    failure: 'verifyBusinessFailed',
  });
}

export function useMarkUnverified() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'mark-unverified',
    send: (businessId: number) => api.call('unverifyBusiness', { id: businessId, body: {} }),
    success: (_variables, message) => message('businessMarkedUnverified'),
    failure: 'markUnverifiedFailed',
  });
}
