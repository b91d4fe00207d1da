import { createHmac, randomBytes } from 'node:crypto';
import type { SetCookie } from 'cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@zaytoon/contract';
import { SESSION_KEY_PREFIX } from '@zaytoon/core';
import { cookieSetBy, startTestApi, type ApiAnswer, type ApiTestClient, type TestApi } from '../test/harness';

/** The rolling lifetime of a session (services/api/src/middleware/session.ts): the cookie and the Redis key alike. */
const SESSION_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
const HTTPS = { 'x-forwarded-proto': 'https' };

/** The session cookie an answer sets; throws when it sets none. */
function sessionCookieOf(answer: ApiAnswer): SetCookie {
  const cookie = cookieSetBy(answer, SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(answer.headers.getSetCookie())}`);
  return cookie;
}

/** The session id inside a client's signed session cookie (`s:<id>.<signature>`). */
function sessionIdOf(client: ApiTestClient): string {
  const cookie = decodeURIComponent(client.cookies.get(SESSION_COOKIE)!);
  return cookie.slice(2, cookie.lastIndexOf('.'));
}

const newUser = () => {
  const suffix = randomBytes(4).toString('hex');
  return { email: `c${suffix}@example.com`, username: `cookie_${suffix}`, name: 'Cookie', password: 'secret-pass' };
};

function expectSessionCookie(cookie: SetCookie, secure: boolean) {
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('lax');
  expect(cookie.path).toBe('/');
  expect(cookie.secure ?? false).toBe(secure);
  expect(Math.abs(cookie.expires!.getTime() - (Date.now() + SESSION_LIFETIME_SECONDS * 1000))).toBeLessThan(120_000);
}

describe('the session cookie (CONTRACT.md: httpOnly, SameSite=Lax, Secure in production)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api?.stop());

  it('is HttpOnly, SameSite=Lax, Path=/, not Secure outside production, and lives 14 days in the cookie and in Redis', async () => {
    const client = api.client();
    const signup = await client.post('/api/auth/signup', newUser());
    expect(signup.status).toBe(201);
    expectSessionCookie(sessionCookieOf(signup), false);
    const ttl = await api.core.redis.ttl(SESSION_KEY_PREFIX + sessionIdOf(client));
    expect(Math.abs(ttl - SESSION_LIFETIME_SECONDS)).toBeLessThan(120);
  });

  it('carries the same attributes when set at login', async () => {
    const user = newUser();
    await api.client().post('/api/auth/signup', user);
    const login = await api.client().post('/api/auth/login', { login: user.username, password: user.password });
    expect(login.status).toBe(200);
    expectSessionCookie(sessionCookieOf(login), false);
  });

  it('is Secure in production', async () => {
    const production = await startTestApi({ NODE_ENV: 'production' });
    try {
      const client = production.client();
      const signup = await client.request('POST', '/api/auth/signup', newUser(), HTTPS);
      expect(signup.status).toBe(201);
      expectSessionCookie(sessionCookieOf(signup), true);
    } finally {
      await production.stop();
    }
  });
});

describe('the session id is regenerated at signup and login (CONTRACT.md)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api?.stop());

  /**
   * A client holding a session an attacker could have planted (session fixation): a stored, validly signed
   * anonymous session, as express-session signs it.
   */
  async function clientWithPlantedSession(): Promise<{ client: ApiTestClient; plantedId: string; plantedCookie: string }> {
    const plantedId = randomBytes(18).toString('base64url');
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    await api.core.redis.set(
      SESSION_KEY_PREFIX + plantedId,
      JSON.stringify({ cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: '/' } }),
      'EX',
      3600,
    );
    const signature = createHmac('sha256', api.core.config.SESSION_SECRET).update(plantedId).digest('base64').replace(/=+$/, '');
    const plantedCookie = encodeURIComponent(`s:${plantedId}.${signature}`);
    const client = api.client();
    client.cookies.set(SESSION_COOKIE, plantedCookie);
    return { client, plantedId, plantedCookie };
  }

  /**
   * After logging in, the client holds another session id and the planted session is gone from Redis (which also
   * shows the API had taken the planted cookie as valid: a cookie it ignored would leave the key), so the attacker's
   * copy of the planted cookie is logged in as nobody.
   */
  async function expectRegenerated({ client, plantedId, plantedCookie }: Awaited<ReturnType<typeof clientWithPlantedSession>>) {
    expect(sessionIdOf(client)).not.toBe(plantedId);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(await api.core.redis.get(SESSION_KEY_PREFIX + plantedId)).toBeNull();
    const attacker = api.client();
    attacker.cookies.set(SESSION_COOKIE, plantedCookie);
    expect((await attacker.get('/api/auth/me')).status).toBe(401);
  }

  it('at signup', async () => {
    const planted = await clientWithPlantedSession();
    expect((await planted.client.post('/api/auth/signup', newUser())).status).toBe(201);
    await expectRegenerated(planted);
  });

  it('at login', async () => {
    const user = newUser();
    await api.client().post('/api/auth/signup', user);
    const planted = await clientWithPlantedSession();
    expect((await planted.client.post('/api/auth/login', { login: user.email, password: user.password })).status).toBe(200);
    await expectRegenerated(planted);
  });
});
