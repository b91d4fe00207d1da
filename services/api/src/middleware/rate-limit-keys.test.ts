import { describe, expect, it } from 'vitest';
import { clientNetwork } from './rate-limit-rules';
import { startTestApi, type TestApi } from '../test/harness';

const from = (address: string) => ({ 'x-forwarded-for': address });

async function withApi(env: Record<string, string>, run: (api: TestApi) => Promise<void>): Promise<void> {
  // No allowlist (npm test exempts loopback from per-IP limits); loopback is the trusted proxy, so X-Forwarded-For names the client.
  const api = await startTestApi({ RATE_LIMIT_ALLOWLIST: '', ...env });
  try {
    await run(api);
  } finally {
    await api.stop();
  }
}

describe('login lockout', () => {
  it('counts only failures, per account and network, and lets the owner in while other networks attack', async () => {
    await withApi({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '5' }, async (api) => {
      const owner = await api.client().signup({ password: 'right-pass' });
      const login = (address: string, password: string) =>
        api
          .client()
          .request('POST', '/api/auth/login', { login: owner.username, password }, from(address))
          .then((answer) => answer.status);
      // Correct passwords never count.
      for (let i = 0; i < 5; i++) expect(await login('198.51.100.7', 'right-pass')).toBe(200);
      // The strict limit: one network, three failures, then refused even with the right password.
      const first: number[] = [];
      for (let i = 0; i < 4; i++) first.push(await login('203.0.113.1', 'wrong-pass'));
      expect(first).toEqual([401, 401, 401, 429]);
      expect(await login('203.0.113.1', 'right-pass')).toBe(429);
      // Other networks push the account past its ceiling (5 failures) ...
      for (let i = 0; i < 2; i++) expect(await login('203.0.113.2', 'wrong-pass')).toBe(401);
      // ... which refuses networks that failed on it recently, but not a network's first failure ...
      expect(await login('203.0.113.3', 'wrong-pass')).toBe(401);
      expect(await login('203.0.113.3', 'wrong-pass')).toBe(429);
      // ... and the owner, from an address with no recent failures, gets in.
      expect(await login('198.51.100.8', 'right-pass')).toBe(200);
    });
  });
});

describe('rate-limit keys', () => {
  it('hash the identity: a 100 kB login and a CRLF value become short hex keys', async () => {
    await withApi({}, async (api) => {
      const client = api.client();
      await client.post('/api/auth/login', { login: 'x'.repeat(90_000), password: 'guess' });
      await client.post('/api/auth/login', { login: 'victim\r\nbcc: someone@example.com', password: 'guess' });
      await client.post('/api/auth/forgot-password', { email_or_username: 'victim\r\nbcc: someone@example.com' });
      await client.post('/api/auth/signup', { email: 'y'.repeat(90_000), username: 'u', name: 'n', password: 'secret-pass' });
      const keys = await api.core.redis.keys('rate:*');
      expect(keys.length).toBeGreaterThanOrEqual(5);
      for (const key of keys) expect(key).toMatch(/^rate:[a-z-]+:[0-9a-f]{32}$/);
    });
  });

  it('key IPv6 clients by their /64', async () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe(clientNetwork('2001:0db8:0001:0002:ffff:ee:dd:9'));
    expect(clientNetwork('2001:db8:1:2::1')).not.toBe(clientNetwork('2001:db8:1:3::1'));
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.1');
    await withApi({ RATE_LIMIT_LOGIN_PER_IP: '2' }, async (api) => {
      const statuses: number[] = [];
      for (const [i, address] of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:db8:1:2::abcd', '2001:db8:1:3::1'].entries()) {
        statuses.push((await api.client().request('POST', '/api/auth/login', { login: `nobody${i}`, password: 'guess' }, from(address))).status);
      }
      expect(statuses).toEqual([401, 401, 429, 401]);
    });
  });
});

describe('change-password and delete-account limits', () => {
  it("change-password: 5 calls per user in the window, then 429 with Retry-After in CONTRACT's words", async () => {
    await withApi({}, async (api) => {
      const { MESSAGES } = await import('@zaytoon/contract');
      const client = api.client();
      await client.signup({ password: 'right-pass' });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await client.post('/api/auth/change-password', { current_password: 'wrong-pass', new_password: 'other-pass' })).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const refused = await client.post('/api/auth/change-password', { current_password: 'right-pass', new_password: 'other-pass' });
      expect(refused).toMatchObject({ status: 429, body: { detail: MESSAGES.tooManyRequests } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  it('change-password and delete-account: 5 calls per network across users, then 429 before anything is deleted', async () => {
    await withApi({ RATE_LIMIT_ACCOUNT_CHANGES_PER_IP: '5' }, async (api) => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const client = api.client();
        await client.signup({ password: 'right-pass' });
        for (let j = 0; j < 2; j++) {
          statuses.push(
            (
              await client.request(
                'POST',
                '/api/auth/change-password',
                { current_password: 'wrong-pass', new_password: 'other-pass' },
                from('203.0.113.50'),
              )
            ).status,
          );
        }
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const deleter = api.client();
      await deleter.signup();
      const answer = await deleter.request('POST', '/api/auth/delete-account', undefined, from('203.0.113.51'));
      expect(answer.status).toBe(200);
      const other = api.client();
      await other.signup();
      for (let i = 0; i < 4; i++) {
        const again = api.client();
        await again.signup();
        expect((await again.request('POST', '/api/auth/delete-account', undefined, from('203.0.113.51'))).status).toBe(200);
      }
      const refused = await other.request('POST', '/api/auth/delete-account', undefined, from('203.0.113.51'));
      expect(refused.status).toBe(429);
      // The seconds left of the window that began with the network's first deletion, moments ago.
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(api.core.config.RATE_LIMIT_WINDOW_SECONDS - 60);
      expect(retryAfter).toBeLessThanOrEqual(api.core.config.RATE_LIMIT_WINDOW_SECONDS);
      expect((await other.get('/api/auth/me')).status).toBe(200);
    });
  });
});
