import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@zaytoon/contract';
import { loadConfig } from '@zaytoon/core';
import { startReplica, startTestApi, type TestApi } from '../test/harness';

// Configuration that refuses mistakes, seen through the API.

const newUser = () => {
  const suffix = randomBytes(4).toString('hex');
  return { email: `o${suffix}@example.com`, username: `origin_${suffix}`, name: 'Origin', password: 'secret-pass' };
};

describe('PUBLIC_ORIGIN with a trailing slash', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ PUBLIC_ORIGIN: 'http://localhost:8180/' });
  });
  afterAll(async () => api?.stop());

  it('lets writes from that origin through (browsers send Origin without the slash)', async () => {
    const client = api.client();
    expect(client.origin).toBe('http://localhost:8180');
    const signup = await client.post('/api/auth/signup', newUser());
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  });

  it('still refuses writes from any other origin', async () => {
    const client = api.client();
    client.origin = 'http://localhost:8180.evil.example';
    expect((await client.post('/api/auth/signup', newUser())).status).toBe(403);
  });
});

describe('SESSION_SECRET rotation', () => {
  const OLD = 'old-session-secret-0123456789abcdef';
  const NEW = 'new-session-secret-0123456789abcdef';
  let api: TestApi;
  let rotated: TestApi | undefined;
  let newOnly: TestApi | undefined;
  beforeAll(async () => {
    api = await startTestApi({ SESSION_SECRET: OLD });
  });
  afterAll(async () => {
    await rotated?.stop();
    await newOnly?.stop();
    await api?.stop();
  });

  /** Who the API at `baseUrl` says the holder of `cookie` is (null: signed out). */
  const whoIs = async (baseUrl: string, cookie: string) => {
    const response = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    return response.status === 200 ? ((await response.json()) as { username: string }).username : null;
  };

  it('keeps a session signed with the old secret after a new one is put first, and signs new sessions with the new one', async () => {
    const client = api.client();
    const user = newUser();
    expect((await client.post('/api/auth/signup', user)).status).toBe(201);
    const oldCookie = client.cookies.get(SESSION_COOKIE)!;
    expect(await whoIs(api.baseUrl, oldCookie)).toBe(user.username);

    const { DATABASE_URL, REDIS_URL } = api.core.config;
    const { SESSION_SECRET, SESSION_SECRETS } = loadConfig({ NODE_ENV: 'test', DATABASE_URL, REDIS_URL, SESSION_SECRET: `${NEW},${OLD}` });
    rotated = await startReplica(api, undefined, { ...api.core.config, SESSION_SECRET, SESSION_SECRETS });
    expect(await whoIs(rotated.baseUrl, oldCookie)).toBe(user.username);

    // Without the old secret, the old cookie no longer opens the session: the list is what kept it.
    newOnly = await startReplica(api, undefined, { ...rotated.core.config, SESSION_SECRET: NEW, SESSION_SECRETS: [NEW] });
    expect(await whoIs(newOnly.baseUrl, oldCookie)).toBeNull();

    const fresh = rotated.client();
    const second = newUser();
    expect((await fresh.post('/api/auth/signup', second)).status).toBe(201);
    const newCookie = fresh.cookies.get(SESSION_COOKIE)!;
    expect(await whoIs(newOnly.baseUrl, newCookie)).toBe(second.username);
  });

  it('keeps the recovery codes made under the old secret (stored as HMACs keyed by it) after the rotation', async () => {
    const client = api.client();
    const user = await client.signup();
    const setup = await client.post('/api/auth/totp/setup');
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: Date.now() });
    const recoveryCodes = (await client.post('/api/auth/totp/enable', { code })).body.recovery_codes as string[];
    const login = (server: TestApi, totpCode: string) =>
      server.client().post('/api/auth/login', { login: user.username, password: user.password, totp_code: totpCode });
    expect((await login(rotated!, recoveryCodes[0])).status).toBe(200);
    expect((await login(newOnly!, recoveryCodes[1])).status).toBe(401);
  });
});
