import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SIGNED_IN_COOKIE } from '@zaytoon/contract';
import { startTestApi, type ApiAnswer, type TestApi } from '../test/harness';
import { SESSION_COOKIE } from '../middleware/session';

/** The signed-in hint (docs/decisions.md): a readable cookie that follows the session and grants nothing. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

/** The Set-Cookie line an answer has for `name`, split into its value and lower-cased attributes. */
function setCookie(answer: ApiAnswer, name: string): { value: string; attributes: string[] } | undefined {
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair.slice(name.length + 1), attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

const cleared = (answer: ApiAnswer, name: string) =>
  setCookie(answer, name)?.attributes.some((attribute) => attribute.startsWith('expires=thu, 01 jan 1970'));

describe('the signed-in hint cookie', () => {
  it('signup sets it readable, with the session cookie’s SameSite, Secure, path and lifetime', async () => {
    const client = api.client();
    const answer = await client.post('/api/auth/signup', { email: 'hint@example.com', username: 'hinted', name: 'Hint', password: 'olive-tree' });
    expect(answer.status).toBe(201);
    const hint = setCookie(answer, SIGNED_IN_COOKIE)!;
    const session = setCookie(answer, SESSION_COOKIE)!;
    expect(hint.value).toBe('1');
    expect(session.attributes).toContain('httponly');
    expect(hint.attributes).not.toContain('httponly');
    // express-session writes Expires only, Express's res.cookie Max-Age and Expires: compare the rest, then the end.
    const others = (attributes: string[]) => attributes.filter((attribute) => !/^(expires|max-age)=|^httponly$/.test(attribute)).sort();
    expect(others(hint.attributes)).toEqual(others(session.attributes));
    expect(hint.attributes).toEqual(expect.arrayContaining(['path=/', 'samesite=lax']));
    const expires = (attributes: string[]) => Date.parse(attributes.find((attribute) => attribute.startsWith('expires='))!.slice('expires='.length));
    expect(Math.abs(expires(hint.attributes) - expires(session.attributes))).toBeLessThan(5_000);
  });

  it('login sets it, logout clears it', async () => {
    const user = await api.client().signup();
    const client = api.client();
    const login = await client.post('/api/auth/login', { login: user.username, password: user.password });
    expect(setCookie(login, SIGNED_IN_COOKIE)?.value).toBe('1');
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
    expect(setCookie(me, SIGNED_IN_COOKIE)?.value).toBe('1');
  });

  it('a visitor without it gets no Set-Cookie for it', async () => {
    const answer = await api.client().get('/api/auth/me');
    expect(answer.status).toBe(401);
    expect(setCookie(answer, SIGNED_IN_COOKIE)).toBeUndefined();
  });
});
