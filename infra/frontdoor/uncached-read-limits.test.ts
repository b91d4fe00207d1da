// The public reads that reach Postgres uncached (a business's history, its confirmations, the
// merged-page lookup) are limited per client address by the front door's limit_req, as nginx really runs it, with
// RATE_LIMIT_ALLOWLIST exempt. A stand-in API records what gets through; clients are named by X-Forwarded-For from
// loopback, a trusted proxy here.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, CACHE_CONTROL, MESSAGES, type RouteName } from '@zaytoon/contract';
import { renderContainerConfig } from './container';
import { DEFAULT_UNCACHED_READ_LIMIT, UNCACHED_PUBLIC_READS, UNLIMITED_UNCACHED_READS } from './nginx-config';
import { startTestFrontDoor, type TestFrontDoor } from './test-front-door';

// The loopback entries are those of `npm test`'s allowlist: nginx must accept each.
const LIMIT = { perMinute: 1, burst: 2, allowlist: ['198.51.100.200', '192.0.2.0/24', '::1', '::ffff:127.0.0.1'] };
/** What one client gets through before the first refusal: the burst, and the request the rate allows. */
const ALLOWED = LIMIT.burst + 1;

const seen: { method: string; url: string; client: string }[] = [];
let upstream: Server;
let door: TestFrontDoor;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', client: String(req.headers['x-forwarded-for']) });
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', CACHE_CONTROL.privateAnswer);
      if (req.url?.endsWith('/page')) return void res.writeHead(404).end(JSON.stringify({ detail: MESSAGES.businessNotFound }));
      res.end('[]');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  door = await startTestFrontDoor({
    apiUpstreams: [`127.0.0.1:${(upstream.address() as AddressInfo).port}`],
    trustedProxies: ['127.0.0.1', '::1'],
    uncachedReadLimit: LIMIT,
    shellFiles: { 'index.html': '<!doctype html><title>Zaytoon</title><div id="root"></div>' },
  });
}, 60_000);

afterAll(async () => {
  await door?.stop();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

const api = (name: RouteName, id = 5) => `/api${API_ROUTES[name].path.replace(':id', String(id))}`;
const from = (client: string, path: string, init: RequestInit = {}) =>
  fetch(`${door.base}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': client } });
const reached = (client: string) => seen.filter((request) => request.client === client);

async function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ detail: MESSAGES.tooManyRequests, code: 'tooManyRequests' });
  expect(response.headers.get('retry-after')).toBe('60');
  expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
}

describe('per-IP limits on uncached public reads at the front door', () => {
  it('covers every public read of the contract that is neither cacheable nor named as left alone', () => {
    const uncached = (Object.keys(API_ROUTES) as RouteName[]).filter(
      (name) => API_ROUTES[name].method === 'get' && API_ROUTES[name].access === 'public' && !('cacheable' in API_ROUTES[name]),
    );
    expect(uncached.sort()).toEqual([...UNCACHED_PUBLIC_READS, ...UNLIMITED_UNCACHED_READS].sort());
    expect(UNCACHED_PUBLIC_READS).toEqual(expect.arrayContaining(['businessHistory', 'confirmationSummary', 'mergedBusinessPage']));
  });

  it("refuses one client past the burst with CONTRACT's JSON 429 and Retry-After, on each of those reads alike", async () => {
    const client = '203.0.113.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ALLOWED; attempt++) statuses.push((await from(client, api('businessHistory'))).status);
    expect(statuses).toEqual(Array(ALLOWED).fill(200));
    for (const name of UNCACHED_PUBLIC_READS) await expectRefused(await from(client, api(name, 6)));
    // Express would answer these spellings too.
    await expectRefused(await from(client, '/api/Businesses/5/HISTORY/'));
    expect(reached(client)).toHaveLength(ALLOWED);
  });

  it('serves a limited client the business page without asking the API whether it was merged', async () => {
    const client = '203.0.113.2';
    for (let attempt = 0; attempt < ALLOWED; attempt++) await from(client, api('confirmationSummary'));
    const page = await from(client, '/business/42');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(reached(client).map((request) => request.url)).not.toContain(api('mergedBusinessPage', 42));
  });

  it('leaves writes, other API reads and other clients alone', async () => {
    const client = '203.0.113.3';
    for (let attempt = 0; attempt < ALLOWED; attempt++) await from(client, api('businessHistory'));
    expect((await from(client, api('businessHistory'))).status).toBe(429);
    expect((await from(client, api('confirmationSummary'), { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await from(client, '/api/businesses/5')).status).toBe(200);
    expect((await from('203.0.113.4', api('businessHistory'))).status).toBe(200);
  });

  it('never limits an address or network of RATE_LIMIT_ALLOWLIST', async () => {
    for (const client of ['198.51.100.200', '192.0.2.77']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < ALLOWED * 3; attempt++) statuses.push((await from(client, api('businessHistory'))).status);
      expect(statuses, client).toEqual(Array(ALLOWED * 3).fill(200));
    }
  });
});

describe("the front door container's settings", () => {
  const env = { PUBLIC_ORIGIN: 'https://zaytoon.example', API_UPSTREAMS: 'api:3000' };

  it('renders the limit from RATE_LIMIT_UNCACHED_READS_PER_MINUTE, _BURST and RATE_LIMIT_ALLOWLIST, with defaults', () => {
    const { config } = renderContainerConfig('frontdoor', {
      ...env,
      RATE_LIMIT_UNCACHED_READS_PER_MINUTE: '90',
      RATE_LIMIT_UNCACHED_READS_BURST: '12',
      RATE_LIMIT_ALLOWLIST: '10.1.2.3, 2001:db8::/32',
    });
    expect(config).toContain('rate=90r/m;');
    expect(config).toContain('burst=12 nodelay;');
    expect(config).toMatch(/geo \$zaytoon_rate_limit_exempt \{\n\s+default 0;\n\s+10\.1\.2\.3 1;\n\s+2001:db8::\/32 1;\n\s+\}/);
    const defaults = renderContainerConfig('frontdoor', env).config;
    expect(defaults).toContain(`rate=${DEFAULT_UNCACHED_READ_LIMIT.perMinute}r/m;`);
    expect(defaults).toContain(`burst=${DEFAULT_UNCACHED_READ_LIMIT.burst} nodelay;`);
  });

  it('refuses an allowlist entry that is not an address, before nginx reads it', () => {
    expect(() => renderContainerConfig('frontdoor', { ...env, RATE_LIMIT_ALLOWLIST: '10.0.0.1; include /etc/passwd' })).toThrow(/not an address/);
    expect(() => renderContainerConfig('frontdoor', { ...env, RATE_LIMIT_UNCACHED_READS_PER_MINUTE: 'many' })).toThrow();
  });
});
