import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Comment } from '@zaytoon/client';
import { useHost } from '../../../host';
import { getCommentsQueryOptions } from './get-comments';
import { memberActionMessage } from './memberActionMessage';

/** A comment posted but not yet answered has no id of the server's. */
export const isPendingComment = (comment: Comment) => comment.id < 0;

let nextPendingId = -1;

/** A new comment shows at once on top (the list is newest first); a refused one is taken out again. */
export function useAddComment(businessId: number) {
  const { api, toast, session } = useHost();
  const queryClient = useQueryClient();
  const key = getCommentsQueryOptions(api, businessId).queryKey;

  return useMutation({
    mutationFn: (text: string) => api.addComment(businessId, text),
    onMutate: async (text) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
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
      queryClient.setQueryData(key, [pending, ...(previous ?? [])]);
      return { previous };
    },
    onError: (error, _text, context) => {
      console.error('comment failed', error);
      queryClient.setQueryData(key, context?.previous ?? []);
      toast.error(memberActionMessage(error, MESSAGES.loginToComment, MESSAGES.addCommentFailed));
    },
    onSuccess: () => toast.success(MESSAGES.commentAdded),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A deleted comment goes at once; a refused delete puts it back. */
export function useDeleteComment(businessId: number) {
  const { api, toast } = useHost();
  const queryClient = useQueryClient();
  const key = getCommentsQueryOptions(api, businessId).queryKey;

  return useMutation({
    mutationFn: (comment: Comment) => api.deleteComment(comment.id),
    onMutate: async (comment) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (previous ?? []).filter((each) => each.id !== comment.id));
      return { previous };
    },
    onError: (error, _comment, context) => {
      console.error('delete comment failed', error);
      queryClient.setQueryData(key, context?.previous ?? []);
      toast.error(memberActionMessage(error, MESSAGES.loginToComment, MESSAGES.deleteCommentFailed));
    },
    onSuccess: () => toast.success(MESSAGES.commentDeleted),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
