import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SIGNED_IN_COOKIE } from '@zaytoon/contract';
import type { SetCookie } from 'cookie';
import { cookieSetBy, startTestApi, type ApiAnswer, type TestApi } from '../test/harness';
import { SESSION_COOKIE } from '../middleware/session';

/** The signed-in hint (docs/decisions/0003-accounts-and-sessions.md): a readable cookie that follows the session and grants nothing. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

const cleared = (answer: ApiAnswer, name: string) => cookieSetBy(answer, name)?.expires?.getTime() === 0;

describe('the signed-in hint cookie', () => {
  it('signup sets it readable, with the session cookie’s SameSite, Secure, path and lifetime', async () => {
    const client = api.client();
    const answer = await client.post('/api/auth/signup', { email: 'hint@example.com', username: 'hinted', name: 'Hint', password: 'olive-tree' });
    expect(answer.status).toBe(201);
    const hint = cookieSetBy(answer, SIGNED_IN_COOKIE)!;
    const session = cookieSetBy(answer, SESSION_COOKIE)!;
    expect(hint.value).toBe('1');
    expect(session.httpOnly).toBe(true);
    expect(hint.httpOnly).toBeUndefined();
    // express-session writes Expires only, Express's res.cookie Max-Age and Expires: compare the rest, then the end.
    const others = ({ name, value, expires, maxAge, httpOnly, ...rest }: SetCookie) => rest;
    expect(others(hint)).toEqual(others(session));
    expect(hint).toMatchObject({ path: '/', sameSite: 'lax' });
    expect(Math.abs(hint.expires!.getTime() - session.expires!.getTime())).toBeLessThan(5_000);
  });

  it('login sets it, logout clears it', async () => {
    const user = await api.client().signup();
    const client = api.client();
    const login = await client.post('/api/auth/login', { login: user.username, password: user.password });
    expect(cookieSetBy(login, SIGNED_IN_COOKIE)?.value).toBe('1');
    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(cleared(logout, SIGNED_IN_COOKIE)).toBe(true);
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });

  it('deleting the account clears it', async () => {
    const client = api.client();
    await client.signup();
    const answer = await client.post('/api/auth/delete-account');
    expect(answer).toMatchObject({ status: 200, body: { message: MESSAGES.accountDeleted } });
    expect(cleared(answer, SIGNED_IN_COOKIE)).toBe(true);
  });

  it('grants nothing: alone it gets the 401 of /auth/me, which clears it', async () => {
    const client = api.client();
    client.cookies.set(SIGNED_IN_COOKIE, '1');
    const me = await client.get('/api/auth/me');
    expect(me).toMatchObject({ status: 401, body: { detail: MESSAGES.notAuthenticated } });
    expect(cleared(me, SIGNED_IN_COOKIE)).toBe(true);
    client.cookies.set(SIGNED_IN_COOKIE, '1');
    expect((await client.post('/api/auth/change-password', { current_password: 'a-password', new_password: 'b-password' })).status).toBe(401);
  });

  it('a session that has ended elsewhere (password changed) loses it at its next call', async () => {
    const a = api.client();
    const user = await a.signup({ password: 'first-pass' });
    const b = api.client();
    await b.post('/api/auth/login', { login: user.username, password: 'first-pass' });
    expect((await b.post('/api/auth/change-password', { current_password: 'first-pass', new_password: 'second-pass' })).status).toBe(200);
    const stale = await a.get('/api/auth/me');
    expect(stale.status).toBe(401);
    expect(cleared(stale, SIGNED_IN_COOKIE)).toBe(true);
  });

  it('a live session without it gets it back on its next call (sessions made before the hint, a lost cookie)', async () => {
    const client = api.client();
    await client.signup();
    client.cookies.delete(SIGNED_IN_COOKIE);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(cookieSetBy(me, SIGNED_IN_COOKIE)?.value).toBe('1');
  });

  it('a visitor without it gets no Set-Cookie for it', async () => {
    const answer = await api.client().get('/api/auth/me');
    expect(answer.status).toBe(401);
    expect(cookieSetBy(answer, SIGNED_IN_COOKIE)).toBeUndefined();
  });
});
