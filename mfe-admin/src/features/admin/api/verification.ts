import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, MESSAGES, type VerifyInput } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { adminKeys } from './keys';

/** The business an admin came to verify from its page (/admin?verify=<id>): its name and where it stands. */
export function useBusinessToVerify(id: number | null) {
  const { api } = useHost();
  return useQuery({
    queryKey: adminKeys.business(id ?? 0),
    queryFn: () => api.getBusiness(id!),
    enabled: id !== null,
    meta: { failure: MESSAGES.loadBusinessFailed },
  });
}

/**
 * A decision on an admin list ('Verify', 'Mark unverified', a merge, 'Not duplicates'): recorded, toasted, and every
 * admin answer read again (a verified business leaves Re-checks, a merged pair leaves Possible duplicates; counts move).
 */
export function useListDecision<Variables>(options: {
  kind: 'verify-business' | 'mark-unverified' | 'merge-businesses' | 'dismiss-duplicate';
  send: (variables: Variables) => Promise<unknown>;
  success: string | ((variables: Variables) => string);
  failure: string;
}) {
  const { toast } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision(options.kind),
    mutationFn: options.send,
    onSuccess: (_answer, variables) => toast.success(typeof options.success === 'string' ? options.success : options.success(variables)),
    onError: (error) => {
      console.error(`${options.kind} failed`, error);
      toast.error(errorMessage(error, options.failure));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useVerifyBusiness() {
  const { api } = useHost();
  return useListDecision({
    kind: 'verify-business',
    send: ({ businessId, input }: { businessId: number; input: VerifyInput }) => api.call('verifyBusiness', { id: businessId, body: input }),
    success: MESSAGES.businessVerified,
    failure: MESSAGES.verifyBusinessFailed,
  });
}

export function useMarkUnverified() {
  const { api } = useHost();
  return useListDecision({
    kind: 'mark-unverified',
    send: (businessId: number) => api.call('unverifyBusiness', { id: businessId, body: {} }),
    success: MESSAGES.businessMarkedUnverified,
    failure: MESSAGES.markUnverifiedFailed,
  });
}
