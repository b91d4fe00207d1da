import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { APP_ROUTES, type HostContext } from '@zaytoon/contract/client';
import type { StoreApi } from 'zustand';
import { watchApi } from './hostApi';
import { HostProvider } from '@zaytoon/web-kit';
import { NotFound } from './NotFound';
import type { ConnectionState } from './offline/connection';
import { OfflineBanner } from './offline/OfflineBanner';
import { createBusinessNames, PageAnnouncer, rememberBusinessName } from './page/PageAnnouncer';
import { createRemoteRegistry, type RemoteLoader } from './remotes/registry';
import { RouteGate } from './remotes/RouteGate';
import { RememberReturnTarget } from './session/RememberReturnTarget';
import { createSessionExpiry, SessionExpiredRedirect } from './session/sessionExpiry';
import { Spinner } from './Spinner';
import { Toaster } from './toast/Toaster';
import type { ToastState } from './toast/toastStore';

/** Only `/` shows it: other first visits do not download it (main.tsx starts it early on `/`). */
export const loadLandingPage = () => import('./landing/LandingPage');
const LandingPage = lazy(async () => ({ default: (await loadLandingPage()).LandingPage }));

export interface AppProps {
  host: HostContext;
  toasts: StoreApi<ToastState>;
  connection: StoreApi<ConnectionState>;
  loadRemote: RemoteLoader;
}

/** The shell: SPEC §2's route table, each path rendered by the app that owns it. */
export function App({ host, toasts, connection, loadRemote }: AppProps) {
  const registry = useMemo(() => createRemoteRegistry(loadRemote), [loadRemote]);
  const businessNames = useMemo(() => createBusinessNames(), []);
  const sessionExpiry = useMemo(() => createSessionExpiry(host), [host]);
  const watchedHost = useMemo<HostContext>(
    () => ({
      ...host,
      api: watchApi(host.api, {
        businessRead: (business) => rememberBusinessName(businessNames, business),
        failed: sessionExpiry.failed,
      }),
    }),
    [host, businessNames, sessionExpiry],
  );
  return (
    <HostProvider value={watchedHost}>
      <ScrollToTop />
      <PageAnnouncer productName={host.productName} businessNames={businessNames} />
      <RememberReturnTarget />
      <SessionExpiredRedirect expiry={sessionExpiry} />
      <OfflineBanner store={connection} />
      <Routes>
        {APP_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              route.owner === 'shell' ? (
                <Suspense fallback={<Spinner />}>
                  <LandingPage />
                </Suspense>
              ) : (
                <RouteGate route={route} registry={registry} />
              )
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
      <Toaster store={toasts} />
    </HostProvider>
  );
}

function ScrollToTop() {
  const { pathname } = useLocation();
  // The app places the page itself (the top on a new page, the list's own place on Back): the browser's own
  // restoring on Back would race it.
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    if (typeof window.scrollTo === 'function') {
      try {
        window.scrollTo(0, 0);
      } catch {
        /* jsdom */
      }
    }
  }, [pathname]);
  return null;
}
