import { useMemo } from 'react';
import { isApiError, type PlainMessageCode } from '@zaytoon/contract/client';
import { failedOffline, useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';

/** Reset and change-password pages: 'Network error. Please try again.' when the request throws (SPEC §8), unless the browser is offline. */
export function useRequestErrorText(): (error: unknown, fallback: PlainMessageCode) => string {
  const t = useContractMessages();
  const errorText = useErrorText();
  return useMemo(
    () => (error, fallback) => (!failedOffline(error) && (!isApiError(error) || error.status === 0) ? t('networkError') : errorText(error, fallback)),
    [t, errorText],
  );
}
