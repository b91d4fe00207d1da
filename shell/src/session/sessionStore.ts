import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient, SessionState } from '@zaytoon/contract/client';

export type SessionApi = Pick<ApiClient, 'mayBeSignedIn' | 'call'>;
export type SessionStore = StoreApi<SessionState>;

/**
 * The one session store of the app. The shell creates it and hands it to every
 * remote (RemoteRootProps.host.session), so all of them agree on who is logged in.
 */
export function createSessionStore(api: SessionApi): SessionStore {
  let pendingLoad: Promise<void> | null = null;

  return createStore<SessionState>()((set) => ({
    user: null,
    status: 'loading',

    load() {
      // Without the API's signed-in hint there is no session to ask about: a visitor is ready at once, with no 401.
      if (!api.mayBeSignedIn()) {
        set({ user: null, status: 'ready' });
        return Promise.resolve();
      }
      // Any failure (a 401 for a session that ended, the API away) leaves nobody signed in.
      pendingLoad ??= api
        .call('me')
        .then(
          (user) => set({ user, status: 'ready' }),
          () => set({ user: null, status: 'ready' }),
        )
        .finally(() => {
          pendingLoad = null;
        });
      return pendingLoad;
    },

    async login(credentials) {
      const user = await api.call('login', { body: credentials });
      set({ user, status: 'ready' });
      return user;
    },

    async signup(details) {
      const user = await api.call('signup', { body: details });
      set({ user, status: 'ready' });
      return user;
    },

    async logout() {
      try {
        await api.call('logout');
      } finally {
        set({ user: null, status: 'ready' });
      }
    },

    setUser(user) {
      set({ user, status: 'ready' });
    },
  }));
}
