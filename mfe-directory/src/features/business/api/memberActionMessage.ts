import { errorMessage, isApiError } from '@zaytoon/contract/client';

/**
 * The toast of a member's action that failed. A 401 means the visitor is not logged in (any more: the session
 * ended in another tab, or expired), so it says SPEC §5's 'Please log in to ...'. The shell's own toast for an
 * expired session says why; this one says what was not done.
 */
export function memberActionMessage(error: unknown, loginMessage: string, fallback: string): string {
  if (isApiError(error) && error.status === 401) return loginMessage;
  return errorMessage(error, fallback);
}
