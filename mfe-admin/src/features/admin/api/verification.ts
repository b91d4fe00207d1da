import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlainMessageCode, VerifyInput } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText, type ContractTranslate } from '@zaytoon/web-kit/contract-messages';
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

/**
 * A decision on an admin list ('Verify', 'Mark unverified', a merge, 'Not duplicates'): recorded, toasted, and every
 * admin answer read again (a verified business leaves Re-checks, a merged pair leaves Possible duplicates; counts move).
 */
export function useListDecision<Variables>(options: {
  kind: 'verify-business' | 'mark-unverified' | 'merge-businesses' | 'dismiss-duplicate';
  send: (variables: Variables) => Promise<unknown>;
  success: (variables: Variables, message: ContractTranslate) => string;
  failure: PlainMessageCode;
}) {
  const { toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision(options.kind),
    mutationFn: options.send,
    onSuccess: (_answer, variables) => toast.success(options.success(variables, message)),
    onError: (error) => {
      console.error(`${options.kind} failed`, error);
      toast.error(errorText(error, options.failure));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useVerifyBusiness() {
  const { api } = useHost();
  return useListDecision({
    kind: 'verify-business',
    send: ({ businessId, input }: { businessId: number; input: VerifyInput }) => api.call('verifyBusiness', { id: businessId, body: input }),
    success: (_variables, message) => message('businessVerified'),
    failure: 'verifyBusinessFailed',
  });
}

export function useMarkUnverified() {
  const { api } = useHost();
  return useListDecision({
    kind: 'mark-unverified',
    send: (businessId: number) => api.call('unverifyBusiness', { id: businessId, body: {} }),
    success: (_variables, message) => message('businessMarkedUnverified'),
    failure: 'markUnverifiedFailed',
  });
}
