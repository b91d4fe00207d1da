import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type TestApi } from '../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

describe('POST /api/auth/signup', () => {
  it('creates the user, logs them in and never returns secrets', async () => {
    const client = api.client();
    const answer = await client.post('/api/auth/signup', { email: 'Amal@Example.com', username: 'amal', name: 'Amal', password: 'olive-tree' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name: 'Amal',
      username: 'amal',
      email: 'amal@example.com',
      picture: null,
      is_admin: false,
      language: null,
      totp_enabled: false,

      email_confirmed: false,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/password|scrypt/);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('amal');
  });

  it('answers 409 with CONTRACT messages for a taken email or username', async () => {
    const client = api.client();
    await client.signup({ email: 'taken@example.com', username: 'taken' });
    const email = await api.client().post('/api/auth/signup', { email: 'TAKEN@example.com', username: 'other', name: 'X', password: 'secret1' });
    expect(email).toMatchObject({ status: 409, body: { detail: MESSAGES.emailTaken } });
    const username = await api.client().post('/api/auth/signup', { email: 'new@example.com', username: 'TAKEN', name: 'X', password: 'secret1' });
    expect(username).toMatchObject({ status: 409, body: { detail: MESSAGES.usernameTaken } });
  });

  it('refuses short passwords and missing fields with 400 and field errors', async () => {
    const short = await api.client().post('/api/auth/signup', { email: 'a@example.com', username: 'a1', name: 'A', password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe(MESSAGES.passwordTooShort);
    expect(short.body.errors.password).toBe(MESSAGES.passwordTooShort);
    const missing = await api.client().post('/api/auth/signup', { email: 'a@example.com' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['username', 'name', 'password']));
  });
});

describe('POST /api/auth/login', () => {
  it('accepts email or username case-insensitively and regenerates the session id', async () => {
    const owner = api.client();
    const user = await owner.signup({ password: 'right-password' });
    const client = api.client();
    await client.get('/api/auth/me');
    const before = client.cookies.get('zaytoon.sid');
    const byEmail = await client.post('/api/auth/login', { login: user.email.toUpperCase(), password: 'right-password' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.id).toBe(user.id);
    expect(client.cookies.get('zaytoon.sid')).toBeDefined();
    expect(client.cookies.get('zaytoon.sid')).not.toBe(before);
    const byUsername = await api.client().post('/api/auth/login', { login: user.username.toUpperCase(), password: 'right-password' });
    expect(byUsername.status).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    const user = await api.client().signup();
    const wrong = await api.client().post('/api/auth/login', { login: user.username, password: 'nope-nope' });
    const unknown = await api.client().post('/api/auth/login', { login: 'nobody-here', password: 'nope-nope' });
    expect(wrong).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } });
  });

  it('answers 400 when a field is missing', async () => {
    const answer = await api.client().post('/api/auth/login', { login: 'someone' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.password).toBe(MESSAGES.fieldRequired);
  });

  it('keeps the session in Redis', async () => {
    const client = api.client();
    await client.signup();
    const cookie = decodeURIComponent(client.cookies.get('zaytoon.sid')!);
    const sessionId = cookie.slice(2, cookie.indexOf('.'));
    expect(await api.core.redis.exists(`sess:${sessionId}`)).toBe(1);
  });
});

describe('GET /api/auth/me and admin-status', () => {
  it('answers 401 when logged out and is_admin false', async () => {
    const client = api.client();
    expect(await client.get('/api/auth/me')).toMatchObject({ status: 401, body: { detail: MESSAGES.notAuthenticated } });
    expect(await client.get('/api/auth/admin-status')).toMatchObject({ status: 200, body: { is_admin: false } });
  });

  it('reports admins', async () => {
    const client = api.client();
    const user = await client.signup();
    await api.core.db.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
    expect((await client.get('/api/auth/admin-status')).body).toEqual({ is_admin: true });
    expect((await client.get('/api/auth/me')).body.is_admin).toBe(true);
  });
});

describe('POST /api/auth/logout', () => {
  it('destroys the session in Redis', async () => {
    const client = api.client();
    await client.signup();
    const cookie = decodeURIComponent(client.cookies.get('zaytoon.sid')!);
    const sessionId = cookie.slice(2, cookie.indexOf('.'));
    const answer = await client.post('/api/auth/logout');
    expect(answer.status).toBe(200);
    expect(await api.core.redis.exists(`sess:${sessionId}`)).toBe(0);
    client.cookies.set('zaytoon.sid', encodeURIComponent(cookie));
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});
