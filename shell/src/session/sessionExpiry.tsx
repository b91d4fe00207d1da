import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, isApiError, type HostContext, type LoginLocationState, type RouteName } from '@zaytoon/contract/client';
import { shellMessagesNow } from '../i18n/messages';

/** Calls whose 401 means wrong credentials or a session already being ended, not one that expired. */
const NOT_AN_EXPIRY = new Set<RouteName>(['me', 'login', 'signup', 'logout']);

export interface SessionExpiry {
  /** The API watch's `failed`: a 401 to a signed-in user's action ends the session here too. */
  failed(route: RouteName, error: unknown): unknown;
  /** Told once per expiry, after the user is forgotten. */
  subscribe(listener: () => void): () => void;
}

/**
 * An expired session (a 401 to an action of a user the shell thinks is logged in): the session store forgets
 * the user, one toast says why, and the caller's error says the same, so the screen's own toast repeats it
 * (the toaster shows one of the two).
 */
export function createSessionExpiry({ session, toast, language }: Pick<HostContext, 'session' | 'toast' | 'language'>): SessionExpiry {
  const t = shellMessagesNow(language);
  const listeners = new Set<() => void>();
  return {
    failed(route, error) {
      if (!isApiError(error) || error.status !== 401 || NOT_AN_EXPIRY.has(route)) return error;
      if (!session.getState().user) return error;
      session.getState().setUser(null);
      const expired = t('session.expired');
      toast.error(expired);
      for (const listener of listeners) listener();
      return new ApiError(401, expired);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Sends the visitor whose session expired to /login, remembering the page they were on. */
export function SessionExpiredRedirect({ expiry }: { expiry: SessionExpiry }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location]);
  useEffect(
    () =>
      expiry.subscribe(() => {
        const state: LoginLocationState = { from: here.current };
        navigate('/login', { state });
      }),
    [expiry, navigate],
  );
  return null;
}
