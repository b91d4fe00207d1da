import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@zaytoon/contract/client';
import { useSession } from '@zaytoon/web-kit';
import { businessKeys } from './keys';

/** 423: the business is paused and the member's account is new (protection from bursts). */
export const isPausedRefusal = (error: unknown) => isApiError(error) && error.status === 423;

/**
 * The business's detail read again after an action that may have paused it (a downvote, a report, a negative answer)
 * or that met its pause, so the page's notice of unusual activity shows at once.
 */
export function useProtectionRefresh(businessId: number): (mayHavePaused: boolean, error: unknown) => void {
  const queryClient = useQueryClient();
  const viewer = useSession((state) => state.user?.id ?? null);
  return (mayHavePaused, error) => {
    if (mayHavePaused || isPausedRefusal(error)) void queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId, viewer) });
  };
}
