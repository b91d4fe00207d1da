import { errorMessage, isApiError, MESSAGES } from '@zaytoon/contract/client';

/** Reset and change-password pages: 'Network error. Please try again.' when the request throws (SPEC §8). */
export function requestErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 0) return MESSAGES.networkError;
  if (!isApiError(error)) return MESSAGES.networkError;
  return errorMessage(error, fallback);
}
