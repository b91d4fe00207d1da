import { useMemo } from 'react';
import { isApiError, type PlainMessageCode } from '@zaytoon/contract/client';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';

/** Reset and change-password pages: 'Network error. Please try again.' when the request throws (SPEC §8). */
export function useRequestErrorText(): (error: unknown, fallback: PlainMessageCode) => string {
  const t = useContractMessages();
  const errorText = useErrorText();
  return useMemo(
    () => (error, fallback) => (!isApiError(error) || error.status === 0 ? t('networkError') : errorText(error, fallback)),
    [t, errorText],
  );
}
