import { useDeferredValue, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isApiError, type BusinessDetail } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { getBusinessQueryOptions } from '../../features/directory/api/get-business';
import { CANNOT_EDIT, getCanEditQueryOptions } from '../../features/business/api/get-can-edit';
import { commentsOf, getCommentsQueryOptions } from '../../features/business/api/get-comments';
import { getSuggestionsQueryOptions } from '../../features/business/api/get-suggestions';
import { getVotesQueryOptions } from '../../features/business/api/get-votes';
import { parseBusinessId } from '../../features/business/businessId';

/** 'unavailable': the business could not be read (network, 5xx), unlike 'missing' (404, or no id at all). */
export type LoadState = 'loading' | 'ready' | 'missing' | 'unavailable';

const NONE: never[] = [];

/**
 * Everything the detail screen shows. Only the business itself is required; the rest fail quietly
 * (SPEC §8, logged by the query client) and show as empty.
 */
export function useBusinessDetail(idParam: string | undefined) {
  const { api, toast } = useHost();
  const message = useContractMessages();
  const navigate = useNavigate();
  const viewer = useSession((state) => state.user?.id ?? null);
  const id = parseBusinessId(idParam);
  const known = id !== null;
  const businessId = id ?? 0;

  // The first read goes through the host's client: the shell's early request answers it (shell/src/early.ts).
  const businessQuery = useQuery({
    ...getBusinessQueryOptions(api, businessId, viewer),
    enabled: known,
    // Logging in or out reads the business again (admins see reports); the last answer stays meanwhile.
    placeholderData: (previous: BusinessDetail | undefined) => (previous?.id === businessId ? previous : undefined),
  });
  const votes = useQuery({ ...getVotesQueryOptions(api, businessId, viewer), enabled: known });
  const canEdit = useQuery({ ...getCanEditQueryOptions(api, businessId, viewer), enabled: known && viewer !== null });
  const comments = useInfiniteQuery({ ...getCommentsQueryOptions(api, businessId), enabled: known });
  const suggestions = useQuery({ ...getSuggestionsQueryOptions(api, businessId), enabled: known });

  const notFound = isApiError(businessQuery.error) && businessQuery.error.status === 404;
  // A business merged into another: its old address leads to the survivor's page, as the front door's 301 does.
  const mergedInto = isApiError(businessQuery.error) ? businessQuery.error.mergedInto : undefined;
  useEffect(() => {
    if (!notFound) return;
    if (mergedInto !== undefined) return void navigate(`/business/${mergedInto}`, { replace: true });
    toast.error(message('businessNotFound'));
    navigate('/dashboard', { replace: true });
  }, [notFound, mergedInto, navigate, toast, message]);

  // The query cache hands data over through useSyncExternalStore, whose updates React renders in one task: the whole
  // screen at once, a long task (longer still on a phone). Deferred, it is built in slices between frames.
  const business = useDeferredValue(businessQuery.data ?? null);
  const state: LoadState = !known || notFound ? 'missing' : business ? 'ready' : businessQuery.isError ? 'unavailable' : 'loading';

  return {
    id: businessId,
    state,
    business,
    /** 'Try again' after 'unavailable'; true while that read is under way. */
    retry: () => void businessQuery.refetch(),
    retrying: businessQuery.isError && businessQuery.isFetching,
    votes: votes.data ?? null,
    canEdit: (viewer !== null && canEdit.data) || CANNOT_EDIT,
    /** The comments read so far, their total, and 'Load more comments' while more remain. */
    comments: {
      ...commentsOf(comments.data),
      hasMore: comments.hasNextPage,
      loadingMore: comments.isFetchingNextPage,
      loadMore: () => void comments.fetchNextPage(),
    },
    suggestions: suggestions.data ?? NONE,
  };
}
