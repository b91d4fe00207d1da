import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, PlainMessageCode } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { getCommentsQueryOptions } from './get-comments';
import { useMemberActionMessage } from './memberActionMessage';

/** A comment posted but not yet answered has no id of the server's. */
export const isPendingComment = (comment: Comment) => comment.id < 0;

let nextPendingId = -1;

/**
 * A change to the comments that shows at once: `apply` edits the cached list before the call, a refusal puts
 * the list back and toasts, and either way the list is read again afterwards.
 */
function useOptimisticComments<Variables>(
  businessId: number,
  {
    call,
    apply,
    logLabel,
    failure,
    success,
  }: {
    call: (variables: Variables) => Promise<unknown>;
    apply: (list: Comment[], variables: Variables) => Comment[];
    logLabel: string;
    failure: PlainMessageCode;
    success: PlainMessageCode;
  },
) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const memberActionMessage = useMemberActionMessage();
  const queryClient = useQueryClient();
  const key = getCommentsQueryOptions(api, businessId).queryKey;

  return useMutation({
    mutationFn: call,
    onMutate: async (variables: Variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, apply(previous ?? [], variables));
      return { previous };
    },
    onError: (error, _variables, context) => {
      console.error(logLabel, error);
      queryClient.setQueryData(key, context?.previous ?? []);
      toast.error(memberActionMessage(error, 'loginToComment', failure));
    },
    onSuccess: () => toast.success(t(success)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A new comment shows at once on top (the list is newest first). */
export function useAddComment(businessId: number) {
  const { api, session } = useHost();
  return useOptimisticComments(businessId, {
    call: (text: string) => api.addComment(businessId, text),
    apply: (list, text) => {
      const user = session.getState().user;
      const pending: Comment = {
        id: nextPendingId--,
        business_id: businessId,
        user_id: user?.id ?? 0,
        username: user?.username ?? '',
        user_picture: user?.picture ?? null,
        comment_text: text,
        created_at: new Date().toISOString(),
      };
      return [pending, ...list];
    },
    logLabel: 'comment failed',
    failure: 'addCommentFailed',
    success: 'commentAdded',
  });
}

/** A deleted comment goes at once. */
export function useDeleteComment(businessId: number) {
  const { api } = useHost();
  return useOptimisticComments(businessId, {
    call: (comment: Comment) => api.deleteComment(comment.id),
    apply: (list, comment) => list.filter((each) => each.id !== comment.id),
    logLabel: 'delete comment failed',
    failure: 'deleteCommentFailed',
    success: 'commentDeleted',
  });
}
