import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { PlainMessageCode } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, type ContractTranslate } from '@zaytoon/web-kit/contract-messages';
import { useMemberActionMessage } from './memberActionMessage';

/**
 * A member's write on a business without an optimistic update (votes, comments and answers have theirs): the success
 * toast, the failure's in the server's words ('Please log in to …' after a 401), and then the answers it changed
 * (`stale`) read again.
 */
export function useMemberAction<Variables, Answer>(options: {
  /** Console line of a refused write. */
  log: string;
  send: (variables: Variables) => Promise<Answer>;
  success: (message: ContractTranslate, answer: Answer) => string;
  loginFirst: PlainMessageCode;
  failure: PlainMessageCode;
  stale: QueryKey;
}) {
  const { toast } = useHost();
  const message = useContractMessages();
  const failureText = useMemberActionMessage();
  const client = useQueryClient();
  const { log, send, success, loginFirst, failure, stale } = options;
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => toast.success(success(message, answer)),
    onError: (error) => {
      console.error(log, error);
      toast.error(failureText(error, loginFirst, failure));
    },
    onSettled: () => client.invalidateQueries({ queryKey: stale }),
  });
}
