import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient, SessionState } from '@zaytoon/client';

export type SessionApi = Pick<ApiClient, 'me' | 'login' | 'signup' | 'logout'>;
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
      pendingLoad ??= api
        .me()
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
      const user = await api.login(credentials);
      set({ user, status: 'ready' });
      return user;
    },

    async signup(details) {
      const user = await api.signup(details);
      set({ user, status: 'ready' });
      return user;
    },

    async logout() {
      try {
        await api.logout();
      } finally {
        set({ user: null, status: 'ready' });
      }
    },

    setUser(user) {
      set({ user, status: 'ready' });
    },
  }));
}
