// First: the global styles (tokens, buttons, resets) come before the components' CSS Modules in the stylesheet.
import './styles.css';
import React, { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router-dom';
import { APP_ROUTES, createApiClient, type HostContext } from '@zaytoon/contract/client';
import { App, loadLandingPage } from './App';
import { earlyReadFetch } from './early';
import { createPageLanguage, followMemberLanguage } from './i18n/languageStore';
import { createConnection } from './offline/connection';
import { registerServiceWorker } from './offline/registerServiceWorker';
import { preloadMessages } from './i18n/messages';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { loadRemoteRoot, prefetchRemoteRoot, registerRuntimeRemotes } from './remotes/federation';
import { createSessionStore } from './session/sessionStore';
import { createToastStore } from './toast/toastStore';

// "One React" check: remotes compare their React with this one (data-same-react).
window.__ZAYTOON_REACT__ = React;

// Production builds only: Vite's dev server has no sw.js, and a worker would keep serving stale modules there.
if (import.meta.env.PROD) registerServiceWorker();

/** How long the first render waits for the opening route's remote before showing its own spinner. */
const FIRST_RENDER_WAIT_MS = 3_000;

async function boot() {
  const route = APP_ROUTES.find((candidate) => matchPath(candidate.path, window.location.pathname));
  if (route?.owner === 'shell') void loadLandingPage();
  const config = await loadRuntimeConfig();
  document.title = config.productName;
  let remoteArrival: Promise<unknown> | undefined;
  try {
    registerRuntimeRemotes(config.remotes);
    // The directory's screens are for everyone; the admin remote still waits for the session check.
    if (route?.owner === 'directory') remoteArrival = prefetchRemoteRoot('directory');
  } catch (error) {
    console.error('[shell] could not register remotes', error);
  }

  const connection = createConnection();
  const api = createApiClient({ fetch: connection.watchFetch(earlyReadFetch) });
  const session = createSessionStore(api);
  const toasts = createToastStore();
  const language = createPageLanguage();
  followMemberLanguage(language, session, api);
  const host: HostContext = { productName: config.productName, mapTiles: config.mapTiles, api, session, toast: toasts.toaster, language };
  const messages = preloadMessages(language.getState().language);
  void session.getState().load();

  // The page's boot spinner stays while the remote's root arrives (for a while at most): rendered sooner, the
  // route would show React's spinner, and React then holds the screen back for its fallback throttle (300 ms).
  if (remoteArrival) await Promise.race([remoteArrival, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
  await messages;
  const root = createRoot(document.getElementById('root')!);
  // The remote is often in by now, so the first render builds a whole page: as a transition it is built
  // in slices that let the browser in between, not in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App host={host} toasts={toasts} connection={connection.store} loadRemote={loadRemoteRoot} />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

void boot();
