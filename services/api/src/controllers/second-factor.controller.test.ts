import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, fromAddress, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';

/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/**
 * Turns TOTP on for a new member. The code that enabled it is spent (its step), so the next sign-in uses the code of
 * the following step, which the ±1 step window accepts.
 */
async function memberWithTotp(api: TestApi, client: ApiTestClient = api.client()) {
  const user = await client.signup();
  const setup = await client.post('/api/auth/totp/setup');
  expect(setup.status).toBe(200);
  const enable = await client.post('/api/auth/totp/enable', { code: codeAt(setup.body.secret) });
  expect(enable.status).toBe(200);
  return { user, client, secret: setup.body.secret as string, recoveryCodes: enable.body.recovery_codes as string[] };
}

const login = (client: ApiTestClient, user: { username: string; password: string }, extra: Record<string, unknown> = {}, headers = {}) =>
  client.request('POST', '/api/auth/login', { login: user.username, password: user.password, ...extra }, headers);

describe('TOTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api?.stop());

  it('setup answers a base32 secret and its otpauth URL, to a signed-in member only', async () => {
    expect((await api.client().post('/api/auth/totp/setup')).status).toBe(401);
    const client = api.client();
    const user = await client.signup();
    const setup = await client.post('/api/auth/totp/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Zaytoon');
    expect(decodeURIComponent(url.pathname)).toContain(user.username);
    expect((await client.get('/api/auth/me')).body.totp_enabled).toBe(false);
  });

  it('enable needs a setup and a current code, then answers 10 recovery codes of which only hashes are kept', async () => {
    const client = api.client();
    const user = await client.signup();
    expect(await client.post('/api/auth/totp/enable', { code: '123456' })).toMatchObject({ status: 409, body: { code: 'totpSetupMissing' } });
    const { secret } = (await client.post('/api/auth/totp/setup')).body;
    const wrong = await client.post('/api/auth/totp/enable', { code: codeAt(secret, 5) });
    expect(wrong).toMatchObject({ status: 400, body: { detail: MESSAGES.totpInvalid, code: 'totpInvalid', errors: { code: MESSAGES.totpInvalid } } });
    expect((await client.post('/api/auth/totp/enable', { code: 'abc' })).body).toMatchObject({ code: 'totpCodeFormat' });

    const enabled = await client.post('/api/auth/totp/enable', { code: codeAt(secret) });
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await api.core.db.query<{ code_hash: string }>('SELECT code_hash FROM totp_recovery_codes WHERE user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(10);
    const storedText = JSON.stringify(stored.rows);
    for (const code of codes) expect(storedText).not.toContain(code.replace('-', ''));
    const secrets = await api.core.db.query('SELECT secret_sealed FROM user_totp WHERE user_id = $1', [user.id]);
    expect(JSON.stringify(secrets.rows)).not.toContain(secret);

    expect((await client.get('/api/auth/me')).body.totp_enabled).toBe(true);
    expect(await client.post('/api/auth/totp/setup')).toMatchObject({ status: 409, body: { code: 'totpAlreadyEnabled' } });
  });

  it('once on, sign-in without a code answers 401 totpRequired; a right code signs in and cannot be replayed', async () => {
    const { user, secret } = await memberWithTotp(api);
    const passwordOnly = await login(api.client(), user);
    expect(passwordOnly).toMatchObject({ status: 401, body: { detail: MESSAGES.totpRequired, code: 'totpRequired' } });
    expect(passwordOnly.headers.getSetCookie().join()).not.toContain('zaytoon.sid=s');

    const wrongPassword = await login(api.client(), { ...user, password: 'wrong-password' }, { totp_code: codeAt(secret, 1) });
    expect(wrongPassword).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } });
    const wrongCode = await login(api.client(), user, { totp_code: codeAt(secret, 10) });
    expect(wrongCode).toMatchObject({ status: 401, body: { detail: MESSAGES.totpInvalid, code: 'totpInvalid' } });

    const client = api.client();
    const code = codeAt(secret, 1);
    const signedIn = await login(client, user, { totp_code: code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: user.id, totp_enabled: true });
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(await login(api.client(), user, { totp_code: code })).toMatchObject({ status: 401, body: { code: 'totpInvalid' } });
    // The code of the step that enabled it, or any earlier one, is refused too.
    expect((await login(api.client(), user, { totp_code: codeAt(secret, 0) })).status).toBe(401);
  });

  it('a recovery code signs in once, typed with or without its dash, in any case', async () => {
    const { user, recoveryCodes } = await memberWithTotp(api);
    expect((await login(api.client(), user, { totp_code: recoveryCodes[0].toUpperCase() })).status).toBe(200);
    expect(await login(api.client(), user, { totp_code: recoveryCodes[0] })).toMatchObject({ status: 401, body: { code: 'totpInvalid' } });
    expect((await login(api.client(), user, { totp_code: ` ${recoveryCodes[1].replace('-', '')} ` })).status).toBe(200);
    expect((await login(api.client(), user, { totp_code: 'aaaaa-aaaaa' })).status).toBe(401);
    expect(await login(api.client(), user, { totp_code: '12345' })).toMatchObject({ status: 400, body: { code: 'totpCodeFormat' } });
  });

  it('turning it off needs the password and a code; then the password alone signs in again', async () => {
    const { user, client, recoveryCodes } = await memberWithTotp(api);
    expect(await client.post('/api/auth/totp/disable', { password: user.password })).toMatchObject({ status: 400 });
    const wrongPassword = await client.post('/api/auth/totp/disable', { password: 'not-the-password', code: recoveryCodes[0] });
    expect(wrongPassword).toMatchObject({ status: 400, body: { code: 'currentPasswordWrong', errors: { password: MESSAGES.currentPasswordWrong } } });
    const wrongCode = await client.post('/api/auth/totp/disable', { password: user.password, code: '000000' });
    expect(wrongCode).toMatchObject({ status: 400, body: { code: 'totpInvalid', errors: { code: MESSAGES.totpInvalid } } });
    expect((await login(api.client(), user)).status).toBe(401);

    expect(await client.post('/api/auth/totp/disable', { password: user.password, code: recoveryCodes[0] })).toMatchObject({
      status: 200,
      body: { message: MESSAGES.totpDisabled },
    });
    expect((await client.get('/api/auth/me')).body.totp_enabled).toBe(false);
    expect((await login(api.client(), user)).status).toBe(200);
    expect(await client.post('/api/auth/totp/disable', { password: user.password, code: '123456' })).toMatchObject({
      status: 409,
      body: { code: 'totpNotEnabled' },
    });
    const left = await api.core.db.query('SELECT 1 FROM totp_recovery_codes WHERE user_id = $1', [user.id]);
    expect(left.rowCount).toBe(0);
  });

  it('a secret sealed under another key refuses app codes (no 500) while recovery codes still sign in', async () => {
    const { user, secret, recoveryCodes } = await memberWithTotp(api);
    await api.core.db.query("UPDATE user_totp SET secret_sealed = 'enc:v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' WHERE user_id = $1", [user.id]);
    expect(await login(api.client(), user, { totp_code: codeAt(secret, 1) })).toMatchObject({ status: 401, body: { code: 'totpInvalid' } });
    expect((await login(api.client(), user, { totp_code: recoveryCodes[0] })).status).toBe(200);
  });

  it("enabling ends the member's other sessions, and keeps this one", async () => {
    const other = api.client();
    const client = api.client();
    const user = await client.signup();
    expect((await login(other, user)).status).toBe(200);
    const { secret } = (await client.post('/api/auth/totp/setup')).body;
    expect((await client.post('/api/auth/totp/enable', { code: codeAt(secret) })).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
  });
});

describe('the second factor has its own rate limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT: '3',
      RATE_LIMIT_SECOND_FACTOR_PER_IP: '5',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '2',
      RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '2',
    });
  });
  afterAll(async () => api?.stop());

  it('per account: past the limit of wrong codes even the right code answers 429 with Retry-After', async () => {
    const { user, secret } = await memberWithTotp(api);
    for (let i = 0; i < 3; i++) {
      const answer = await login(api.client(), user, { totp_code: codeAt(secret, 20 + i) }, fromAddress(`198.51.100.${i + 1}`));
      expect(answer.status).toBe(401);
    }
    const limited = await login(api.client(), user, { totp_code: codeAt(secret, 1) }, fromAddress('198.51.100.50'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('per network: wrong codes for several accounts from one address are refused past the limit', async () => {
    const members = [await memberWithTotp(api), await memberWithTotp(api), await memberWithTotp(api)];
    const statuses: number[] = [];
    for (const { user, secret } of [...members, ...members]) {
      statuses.push((await login(api.client(), user, { totp_code: codeAt(secret, 30) }, fromAddress('203.0.113.7'))).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const elsewhere = await login(api.client(), members[0].user, { totp_code: codeAt(members[0].secret, 1) }, fromAddress('203.0.113.8'));
    expect(elsewhere.status).toBe(200);
  });

  it("a right password without a code is not counted as a wrong password (the login limits stay the password's)", async () => {
    const { user, secret } = await memberWithTotp(api);
    for (let i = 0; i < 4; i++) expect((await login(api.client(), user, {}, fromAddress('192.0.2.9'))).body.code).toBe('totpRequired');
    expect((await login(api.client(), user, { totp_code: codeAt(secret, 1) }, fromAddress('192.0.2.9'))).status).toBe(200);
  });

  it('turning TOTP on is limited per member and per network', async () => {
    const client = api.client();
    await client.signup();
    const { secret } = (await client.post('/api/auth/totp/setup')).body;
    const enable = (address: string) => client.request('POST', '/api/auth/totp/enable', { code: codeAt(secret, 9) }, fromAddress(address));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await enable(`192.0.2.${20 + i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);

    const others = [api.client(), api.client()];
    const fromOneNetwork: number[] = [];
    for (const other of others) {
      await other.signup();
      const otherSecret = (await other.post('/api/auth/totp/setup')).body.secret;
      for (let i = 0; i < 3; i++) {
        const answer = await other.request('POST', '/api/auth/totp/enable', { code: codeAt(otherSecret, 9) }, fromAddress('192.0.2.99'));
        fromOneNetwork.push(answer.status);
      }
    }
    expect(fromOneNetwork).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('an admin without a second factor where one is required (production)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ ADMIN_SECOND_FACTOR_REQUIRED: 'true' });
  });
  afterAll(async () => api?.stop());

  it('may only set one up: every other signed-in or admin call answers 403 secondFactorRequired', async () => {
    const admin = await adminClient(api);
    const statistics = await admin.get('/api/admin/statistics');
    expect(statistics).toMatchObject({ status: 403, body: { detail: MESSAGES.secondFactorRequired, code: 'secondFactorRequired' } });
    expect((await admin.get('/api/alerts')).status).toBe(403);
    expect((await admin.post('/api/businesses', { name: 'x' })).status).toBe(403);
    expect((await admin.get('/ops/queues')).status).toBe(403);
    // Public calls answer as to a visitor: no admin rights ride on the session (a business's reports are for admins).
    const business = (
      await api.core.db.query<{ id: number }>(
        `INSERT INTO businesses (name, address, city, postcode, category, description) VALUES ('Gate Cafe', '1 Road', 'Leeds', 'LS1 1AA', 'Cafe', 'x') RETURNING id`,
      )
    ).rows[0];
    const reporter = api.client();
    await reporter.signup();
    expect((await reporter.post('/api/reports', { business_id: business.id, reason: 'Other', description: 'Closed down' })).status).toBe(201);
    const detail = await admin.get(`/api/businesses/${business.id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toContain('Closed down');
    expect((await admin.get('/api/auth/admin-status')).body).toEqual({ is_admin: true });
    const me = await admin.get('/api/auth/me');
    expect(me.body).toMatchObject({ is_admin: true, totp_enabled: false });

    const { secret } = (await admin.post('/api/auth/totp/setup')).body;
    expect((await admin.post('/api/auth/totp/enable', { code: codeAt(secret) })).status).toBe(200);
    expect((await admin.get('/api/admin/statistics')).status).toBe(200);
    expect(JSON.stringify((await admin.get(`/api/businesses/${business.id}`)).body)).toContain('Closed down');
  });

  it('members are not asked for one', async () => {
    const member = api.client();
    await member.signup();
    expect((await member.get('/api/alerts')).status).toBe(200);
  });
});

describe('where no second factor is required (the dev stack and tests)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api?.stop());

  it('an admin without one is an admin', async () => {
    const admin = await adminClient(api);
    expect((await admin.get('/api/admin/statistics')).status).toBe(200);
  });
});
