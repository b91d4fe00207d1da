import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginReturnTarget, matchAppRoute, returnTargetOf, type LoginLocationState } from '@zaytoon/contract/client';

/**
 * Whatever link led to /login (the top bar's, a business page's 'Login to Interact'), login returns to the
 * page the visitor was on: the shell remembers the last page and hands it to /login in the location's state.
 * A state already there (a protected page's redirect, an expired session) wins.
 */
export function RememberReturnTarget() {
  const location = useLocation();
  const navigate = useNavigate();
  const lastPage = useRef<string | null>(null);

  useEffect(() => {
    const screen = matchAppRoute(location.pathname)?.route.screen;
    if (screen === 'forgot-password') return;
    if (screen !== 'auth') {
      lastPage.current = loginReturnTarget(location.pathname + location.search);
      return;
    }
    if (returnTargetOf(location.state) || !lastPage.current) return;
    const state: LoginLocationState = { from: lastPage.current };
    navigate(location.pathname + location.search, { replace: true, state });
  }, [location, navigate]);

  return null;
}
