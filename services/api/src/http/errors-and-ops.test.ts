import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type TestApi } from '../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

describe('errors are JSON {detail}', () => {
  it('for unknown routes', async () => {
    const answer = await api.client().get('/api/no-such-thing');
    expect(answer).toMatchObject({ status: 404, body: { detail: MESSAGES.notFound } });
  });

  it('for malformed JSON, without a stack trace', async () => {
    const answer = await api.client().request('POST', '/api/auth/login', '{"login": ', { 'content-type': 'application/json' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: 'Request body is not valid JSON', code: 'invalidJson' });
  });

  it('for bodies that are too large', async () => {
    const answer = await api.client().post('/api/auth/login', { login: 'x'.repeat(200_000), password: 'y' });
    expect(answer).toMatchObject({ status: 413, body: { detail: MESSAGES.bodyTooLarge } });
  });
});

describe('cross-site writes', () => {
  it('are refused from another origin', async () => {
    const client = api.client();
    client.origin = 'https://evil.example';
    const answer = await client.post('/api/auth/login', { login: 'a', password: 'b' });
    expect(answer).toMatchObject({ status: 403, body: { detail: MESSAGES.crossSiteRefused } });
  });

  it('are refused without the XSRF token echo', async () => {
    const client = api.client();
    client.sendXsrf = false;
    await client.get('/api/auth/me');
    expect(client.cookies.get('XSRF-TOKEN')).toBeTruthy();
    const answer = await client.post('/api/auth/login', { login: 'a', password: 'b' });
    expect(answer).toMatchObject({ status: 403, body: { detail: MESSAGES.crossSiteRefused } });
  });

  it('are refused when Sec-Fetch-Site says cross-site', async () => {
    const client = api.client();
    await client.get('/api/auth/me');
    const answer = await client.request('POST', '/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After after too many logins for one account', async () => {
    const limited = await startTestApi({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        statuses.push((await limited.client().post('/api/auth/login', { login: 'target', password: 'guess' })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const answer = await limited.client().post('/api/auth/login', { login: 'TARGET', password: 'guess' });
      expect(answer.body.detail).toBe(MESSAGES.tooManyRequests);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);

      const user = await limited.client().signup();
      for (const login of [user.username, user.email, user.username.toUpperCase()]) {
        expect((await limited.client().post('/api/auth/login', { login, password: 'guess' })).status).toBe(401);
      }
      expect((await limited.client().post('/api/auth/login', { login: user.email, password: 'secret-pass' })).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});

describe('trusted proxies (TRUST_PROXY)', () => {
  const loginsFromForwardedAddresses = async (target: TestApi) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await target.client().request(
        'POST',
        '/api/auth/login',
        { login: `nobody${attempt}`, password: 'guess' },
        {
          'x-forwarded-for': `203.0.113.${attempt + 1}`,
        },
      );
      statuses.push(answer.status);
    }
    return statuses;
  };

  it('a client that reaches the API directly cannot choose its address with X-Forwarded-For', async () => {
    // No allowlist (npm test exempts loopback from per-IP limits): the limit must count this peer's address.
    const direct = await startTestApi({ RATE_LIMIT_LOGIN_PER_IP: '2', RATE_LIMIT_ALLOWLIST: '', TRUST_PROXY: '192.0.2.10' });
    try {
      expect(await loginsFromForwardedAddresses(direct)).toEqual([401, 401, 429, 429]);
    } finally {
      await direct.stop();
    }
  });

  it('a trusted proxy (loopback by default) names the client, so each forwarded client has its own limit', async () => {
    const behindProxy = await startTestApi({ RATE_LIMIT_LOGIN_PER_IP: '2', RATE_LIMIT_ALLOWLIST: '' });
    try {
      expect(await loginsFromForwardedAddresses(behindProxy)).toEqual([401, 401, 401, 401]);
    } finally {
      await behindProxy.stop();
    }
  });

  it('refuses to start with a TRUST_PROXY that is not an address, a CIDR or a named range', async () => {
    await expect(startTestApi({ TRUST_PROXY: 'not-an-address' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('/metrics access (METRICS_TOKEN)', () => {
  it('needs the bearer token when one is set', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await startTestApi({ METRICS_TOKEN: token });
    try {
      const client = guarded.client();
      expect(await client.get('/metrics')).toMatchObject({ status: 401, body: { detail: MESSAGES.metricsTokenRequired } });
      expect((await client.request('GET', '/metrics', undefined, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
      const scraped = await client.request('GET', '/metrics', undefined, { authorization: `Bearer ${token}` });
      expect(scraped.status).toBe(200);
      expect(scraped.body).toContain('http_request_duration_seconds');
    } finally {
      await guarded.stop();
    }
  });

  it('is absent in production without a token', async () => {
    const production = await startTestApi({ NODE_ENV: 'production' });
    try {
      expect(await production.client().get('/metrics')).toMatchObject({ status: 404, body: { detail: MESSAGES.notFound } });
      expect((await production.client().get('/healthz')).status).toBe(200);
    } finally {
      await production.stop();
    }
  });
});

describe('operations', () => {
  it('/healthz, /readyz and /metrics answer', async () => {
    const client = api.client();
    expect(await client.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await client.get('/readyz')).toMatchObject({ status: 200, body: { postgres: true, redis: true } });
    const metrics = await client.get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds');
    expect(metrics.body).toMatch(/bullmq_jobs\{queue="emails",state="waiting"\} \d+/);
    expect(metrics.body).toMatch(/bullmq_jobs\{queue="moderation",state="failed"\} \d+/);
  });

  it('sets security headers with a CSP', async () => {
    const answer = await api.client().get('/healthz');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves bull-board to admins only', async () => {
    const visitor = api.client();
    expect((await visitor.get('/ops/queues')).status).toBe(401);
    const member = api.client();
    await member.signup();
    expect((await member.get('/ops/queues')).status).toBe(403);
    const admin = api.client();
    const user = await admin.signup();
    await api.core.db.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
    const page = await admin.get('/ops/queues');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<html');
    expect((await member.get('/ops/anything-else')).status).toBe(403);
    const queues = await admin.get('/ops/queues/api/queues');
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual([
      'emails',
      'geocoding',
      'images',
      'links',
      'moderation',
      'statistics',
    ]);
    admin.sendXsrf = false;
    expect((await admin.request('PUT', '/ops/queues/api/queues/emails/pause')).status).toBe(403);
  });

  it('serves an OpenAPI 3.1 document', async () => {
    const answer = await api.client().get('/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.paths['/api/auth/login'].post).toBeDefined();
  });
});

describe('catalog', () => {
  it('lists categories and cities from the data', async () => {
    const { rows } = await api.core.db.query<{ id: number }>(
      "INSERT INTO businesses (name, address, city, postcode, category) VALUES ('A', '1 St', 'Leeds', 'LS1 1AA', 'Cafe'), ('B', '2 St', 'Bristol', 'BS1 1AA', '') RETURNING id",
    );
    expect(rows).toHaveLength(2);
    expect((await api.client().get('/api/categories')).body).toEqual({ categories: ['Cafe'] });
    expect((await api.client().get('/api/cities')).body).toEqual({ cities: ['Bristol', 'Leeds'] });
  });
});
