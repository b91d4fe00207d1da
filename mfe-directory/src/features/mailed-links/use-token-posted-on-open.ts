import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UseMutationResult } from '@tanstack/react-query';

/**
 * A mailed link's page (/confirm-listing, /unsubscribe-alert): the link's ?token= is posted once, when the page opens,
 * so a mail scanner fetching the link changes nothing. `waiting` while there is a token and no answer yet.
 */
export function useTokenPostedOnOpen<Answer>(mutation: UseMutationResult<Answer, Error, string>) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutation.mutate(token);
  }, [token, mutation]);

  return { token, waiting: Boolean(token) && (mutation.isIdle || mutation.isPending) };
}
