// First: the global styles (tokens, buttons, resets) come before the components' CSS Modules in the stylesheet.
import './styles.css';
import React, { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router-dom';
import { APP_ROUTES, createApiClient, type HostContext } from '@zaytoon/contract/client';
import { App, loadLandingPage } from './App';
import { earlyReadFetch } from './early';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { loadRemoteRoot, prefetchRemoteRoot, registerRuntimeRemotes } from './remotes/federation';
import { createSessionStore } from './session/sessionStore';
import { createToastStore } from './toast/toastStore';

// "One React" check: remotes compare their React with this one (data-same-react).
window.__ZAYTOON_REACT__ = React;

async function boot() {
  const route = APP_ROUTES.find((candidate) => matchPath(candidate.path, window.location.pathname));
  if (route?.owner === 'shell') void loadLandingPage();
  const config = await loadRuntimeConfig();
  document.title = config.productName;
  try {
    registerRuntimeRemotes(config.remotes);
    // The directory's screens are for everyone; the admin remote still waits for the session check.
    if (route?.owner === 'directory') prefetchRemoteRoot('directory');
  } catch (error) {
    console.error('[shell] could not register remotes', error);
  }

  const api = createApiClient({ fetch: earlyReadFetch });
  const session = createSessionStore(api);
  const toasts = createToastStore();
  const host: HostContext = { productName: config.productName, api, session, toast: toasts.toaster };
  void session.getState().load();

  const root = createRoot(document.getElementById('root')!);
  // The remote is often in by now, so the first render builds a whole page: as a transition it is built
  // in slices that let the browser in between, not in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App host={host} toasts={toasts} loadRemote={loadRemoteRoot} />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

void boot();
