import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, PlainMessageCode } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { getCommentsQueryOptions, type CommentPages } from './get-comments';
import { useMemberActionMessage } from './memberActionMessage';
import { useProtectionRefresh } from './protection';

/** A comment posted but not yet answered has no id of the server's. */
export const isPendingComment = (comment: Comment) => comment.id < 0;

let nextPendingId = -1;

/**
 * A change to the comments that shows at once: `apply` edits the pages read so far before the call (the total with
 * them), a refusal puts them back and toasts, and either way they are read again afterwards.
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
    apply: (pages: CommentPages, variables: Variables) => CommentPages;
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
  const refreshProtection = useProtectionRefresh(businessId);

  return useMutation({
    mutationFn: call,
    onMutate: async (variables: Variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, apply(previous, variables));
      return { previous };
    },
    onError: (error, _variables, context) => {
      console.error(logLabel, error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(memberActionMessage(error, 'loginToComment', failure));
    },
    onSuccess: () => toast.success(t(success)),
    onSettled: (_result, error) => {
      refreshProtection(false, error);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Each page with `change` made to its items, and the total moved by `totalChange`. */
function changePages(pages: CommentPages, change: (items: Comment[], index: number) => Comment[], totalChange: number): CommentPages {
  return {
    ...pages,
    pages: pages.pages.map((page, index) => ({ ...page, items: change(page.items, index), total: Math.max(0, page.total + totalChange) })),
  };
}

/** A new comment shows at once on top of the first page (the list is newest first), and counts. */
export function useAddComment(businessId: number) {
  const { api, session } = useHost();
  return useOptimisticComments(businessId, {
    call: (text: string) => api.call('addComment', { id: businessId, body: { comment_text: text } }),
    apply: (pages, text) => {
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
      return changePages(pages, (items, index) => (index === 0 ? [pending, ...items] : items), 1);
    },
    logLabel: 'comment failed',
    failure: 'addCommentFailed',
    success: 'commentAdded',
  });
}

/** A deleted comment goes at once, from whichever page holds it, and counts no more. */
export function useDeleteComment(businessId: number) {
  const { api } = useHost();
  return useOptimisticComments(businessId, {
    call: (comment: Comment) => api.call('deleteComment', { id: comment.id }),
    apply: (pages, comment) => {
      const shown = pages.pages.some((page) => page.items.some((each) => each.id === comment.id));
      return changePages(pages, (items) => items.filter((each) => each.id !== comment.id), shown ? -1 : 0);
    },
    logLabel: 'delete comment failed',
    failure: 'deleteCommentFailed',
    success: 'commentDeleted',
  });
}
