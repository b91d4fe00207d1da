import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness';

/** A session ends with a password change even when the per-user index lost it, and 30 days after login. */
describe('session generation', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api.stop());

  it('a session kept alive past the session index survives nothing after the password changes elsewhere', async () => {
    const a = api.client();
    const user = await a.signup({ password: 'first-pass' });
    const b = api.client();
    expect((await b.post('/api/auth/login', { login: user.username, password: 'first-pass' })).status).toBe(200);
    // The per-user index expires 30 days after the last login while a used session rolls on: simulate its loss.
    await api.core.redis.del(`user-sessions:${user.id}`);
    expect((await a.get('/api/auth/me')).status).toBe(200);
    expect((await b.post('/api/auth/change-password', { current_password: 'first-pass', new_password: 'second-pass' })).status).toBe(200);
    const stale = await a.get('/api/auth/me');
    expect(stale.status).toBe(401);
    expect(stale.headers.getSetCookie().some((cookie) => /^zaytoon\.sid=;/.test(cookie))).toBe(true);
    expect((await a.post('/api/auth/change-password', { current_password: 'second-pass', new_password: 'third-pass' })).status).toBe(401);
    // The session that changed the password stays logged in.
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });

  it('a password reset ends sessions the index lost', async () => {
    const a = api.client();
    const user = await a.signup({ password: 'first-pass' });
    await api.core.redis.del(`user-sessions:${user.id}`);
    const { createHmac } = await import('node:crypto');
    const hash = createHmac('sha256', api.core.config.SESSION_SECRET).update(`${user.id}:123456`).digest('hex');
    await api.core.db.query("INSERT INTO reset_codes (user_id, code_hash, expires_at) VALUES ($1, $2, now() + interval '15 minutes')", [
      user.id,
      hash,
    ]);
    const reset = await api
      .client()
      .post('/api/auth/reset-password', { email_or_username: user.username, verification_code: '123456', new_password: 'second-pass' });
    expect(reset.status).toBe(200);
    expect((await a.get('/api/auth/me')).status).toBe(401);
  });
});

describe('absolute session lifetime', () => {
  it('ends a session used all along once SESSION_ABSOLUTE_LIFETIME_SECONDS have passed since login', async () => {
    const api = await startTestApi({ SESSION_ABSOLUTE_LIFETIME_SECONDS: '2' });
    try {
      const client = api.client();
      await client.signup();
      for (let i = 0; i < 3; i++) {
        expect((await client.get('/api/auth/me')).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await client.get('/api/auth/me')).status).toBe(401);
    } finally {
      await api.stop();
    }
  }, 15_000);
});
