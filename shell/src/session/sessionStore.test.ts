import { describe, expect, it, vi } from 'vitest';
import { ApiError, SIGNED_IN_COOKIE, createApiClient, type User } from '@zaytoon/contract/client';
import { createSessionStore, type SessionApi } from './sessionStore';

const user: User = { id: 3, name: 'Layla', username: 'layla', picture: null, is_admin: false };

type SessionRoute = 'me' | 'login' | 'signup' | 'logout';

/** The session's routes answered in memory; any of them may be given another answer. */
function api(routes: Partial<Record<SessionRoute, () => Promise<unknown>>> = {}): SessionApi {
  const answers: Record<SessionRoute, () => Promise<unknown>> = {
    me: async () => user,
    login: async () => user,
    signup: async () => user,
    logout: async () => ({ message: 'Successfully logged out!' }),
    ...routes,
  };
  return { mayBeSignedIn: () => true, call: (async (route: SessionRoute) => answers[route]()) as SessionApi['call'] };
}

describe('session store', () => {
  it('starts loading with nobody logged in', () => {
    const store = createSessionStore(api());
    expect(store.getState()).toMatchObject({ user: null, status: 'loading' });
  });

  it('load() reads the current user', async () => {
    const store = createSessionStore(api());
    await store.getState().load();
    expect(store.getState()).toMatchObject({ user, status: 'ready' });
  });

  it('load() treats an error as logged out', async () => {
    const store = createSessionStore(api({ me: async () => Promise.reject(new ApiError(500, null)) }));
    await store.getState().load();
    expect(store.getState()).toMatchObject({ user: null, status: 'ready' });
  });

  it('load() without the signed-in hint cookie is logged out at once and asks the API nothing', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(user)));
    const store = createSessionStore(createApiClient({ fetch, readCookies: () => 'XSRF-TOKEN=t' }));
    await store.getState().load();
    expect(store.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('load() with the hint reads the user from /api/auth/me', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(user)));
    const store = createSessionStore(createApiClient({ fetch, readCookies: () => `XSRF-TOKEN=t; ${SIGNED_IN_COOKIE}=1` }));
    await store.getState().load();
    expect(store.getState()).toMatchObject({ user, status: 'ready' });
    expect(fetch).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ credentials: 'include' }));
  });

  it('load() with the real client and a fake fetch: a stale hint and a 401 mean logged out', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ detail: 'Not authenticated' }), { status: 401 }));
    const store = createSessionStore(createApiClient({ fetch, readCookies: () => `${SIGNED_IN_COOKIE}=1` }));
    await store.getState().load();
    expect(store.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(fetch).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ credentials: 'include' }));
  });

  it('login() and signup() set the user; failures leave it alone and throw', async () => {
    const failing = api({ login: async () => Promise.reject(new ApiError(401, 'Invalid email/username or password')) });
    const store = createSessionStore(failing);
    await store.getState().load();
    store.setState({ user: null });
    await expect(store.getState().login({ login: 'x', password: 'y' })).rejects.toMatchObject({ status: 401 });
    expect(store.getState().user).toBeNull();

    const ok = createSessionStore(api());
    await ok.getState().signup({ email: 'l@example.com', username: 'layla', name: 'Layla', password: 'secret1' });
    expect(ok.getState().user).toEqual(user);
    ok.setState({ user: null });
    await ok.getState().login({ login: 'layla', password: 'secret1' });
    expect(ok.getState()).toMatchObject({ user, status: 'ready' });
  });

  it('logout() clears the user, even when the call fails', async () => {
    const store = createSessionStore(api({ logout: async () => Promise.reject(new ApiError(0, null)) }));
    await store.getState().load();
    await expect(store.getState().logout()).rejects.toBeInstanceOf(ApiError);
    expect(store.getState().user).toBeNull();
  });

  it('notifies subscribers (how the remotes see the same session)', async () => {
    const store = createSessionStore(api());
    const seen: Array<User | null> = [];
    store.subscribe((state) => seen.push(state.user));
    await store.getState().load();
    await store.getState().logout();
    expect(seen).toEqual([user, null]);
  });
});
