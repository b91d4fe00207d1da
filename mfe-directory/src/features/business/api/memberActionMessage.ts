import { useMemo } from 'react';
import { isApiError, MESSAGES, type PlainMessageCode } from '@zaytoon/contract/client';
import { useContractMessages, useErrorText, type ContractTranslate } from '@zaytoon/web-kit/contract-messages';

/**
 * The toast of a member's action that failed, in the page's language. A 401 means the visitor is not logged in (any
 * more: the session ended in another tab, or expired), so it says SPEC §5's 'Please log in to ...'. The shell's own
 * toast for an expired session says why; this one says what was not done.
 */
export function useMemberActionMessage(): (error: unknown, login: PlainMessageCode, fallback: PlainMessageCode) => string {
  const t = useContractMessages();
  const errorText = useErrorText();
  return useMemo(
    () => (error, login, fallback) => (isApiError(error) && error.status === 401 ? t(login) : errorText(error, fallback)),
    [t, errorText],
  );
}

/** A success answer's `message` (the server's English, one of `codes`) in the page's language; another text as it came. */
export function answerText(t: ContractTranslate, message: string, codes: readonly PlainMessageCode[]): string {
  const code = codes.find((each) => MESSAGES[each] === message);
  return code ? t(code) : message;
}
