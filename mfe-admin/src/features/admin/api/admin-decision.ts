import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { PlainMessageCode } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText, type ContractTranslate } from '@zaytoon/web-kit/contract-messages';
import { settleDecision } from './decisions';
import { adminKeys } from './keys';

/**
 * An admin's decision or change without an optimistic update (those are `useDecision`'s): sent under its `kind`, so
 * the panel knows one is in flight; toasted either way; then the answers it changed are read again: `stale` when
 * given, else every admin answer once no other decision is in flight (`settleDecision`).
 */
export function useAdminDecision<Variables, Answer = unknown>(options: {
  kind: Parameters<typeof adminKeys.decision>[0];
  send: (variables: Variables) => Promise<Answer>;
  /** The success toast; none when the screen shows the answer itself. */
  success?: (variables: Variables, message: ContractTranslate) => string;
  /** The failure toast's code, when the server names no message of its own. */
  failure: PlainMessageCode;
  stale?: readonly QueryKey[];
}) {
  const { toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  const { kind, send, success, failure, stale } = options;
  return useMutation({
    mutationKey: adminKeys.decision(kind),
    mutationFn: send,
    onSuccess: (_answer, variables) => {
      if (success) toast.success(success(variables, message));
    },
    onError: (error) => {
      console.error(`${kind} failed`, error);
      toast.error(errorText(error, failure));
    },
    onSettled: () => (stale ? Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey }))) : settleDecision(client)),
  });
}
