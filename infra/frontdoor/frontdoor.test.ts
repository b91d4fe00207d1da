// The front door as nginx really runs it (infra/frontdoor/nginx-config.ts through infra/dev/nginx.ts):
// a small build on disk, three stand-in API processes (node:http servers that record what reaches them)
// and a remote's server. The real API behind it is exercised by the scale-out browser tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, CACHE_CONTROL, MESSAGES } from '@zaytoon/contract';
import { pageHeaders } from './nginx-config';
import { startTestFrontDoor, type TestFrontDoor } from './test-front-door';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  socket: Socket;
}

/** A stand-in API process: answers with its name and records each request and the socket it came on. */
class Upstream {
  readonly seen: Seen[] = [];
  /** When set, requests are read and then the connection is dropped without an answer (a crashing process). */
  dropRequests = false;
  /** When set, /api/failing/… answers 503. */
  failing = false;
  /** Paths whose resource is gone: they answer 404, private as every error of the API is. */
  readonly removed = new Set<string>();
  private server: Server;
  port = 0;

  constructor(readonly name: string) {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on('end', () => {
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, socket: req.socket });
        if (this.dropRequests) return req.socket.destroy();
        res.setHeader('Content-Type', 'application/json');
        // The page lookup as the API answers it: business 99 was merged into 7; any other id is not found.
        const page = /^\/api\/businesses\/(\d+)\/page$/.exec(req.url ?? '');
        if (page) {
          if (page[1] === String(MERGED.from)) return void res.writeHead(301, { Location: `/business/${MERGED.into}` }).end();
          return void res.writeHead(404).end(JSON.stringify({ detail: MESSAGES.businessNotFound }));
        }
        // Answers as the API gives them: /api/public/… is a public answer, /api/private/… a member's,
        // /api/cookie/… public but setting a cookie, /api/failing/… a public answer until `failing` is set.
        if (this.removed.has(req.url ?? ''))
          return void res.writeHead(404, { 'Cache-Control': CACHE_CONTROL.privateAnswer }).end(JSON.stringify({ detail: MESSAGES.businessNotFound }));
        const kind = /^\/api\/(public|private|cookie|failing)\//.exec(req.url ?? '')?.[1];
        if (kind === 'failing' && this.failing) return void res.writeHead(503).end(JSON.stringify({ detail: MESSAGES.serviceUnavailable }));
        if (kind) res.setHeader('Cache-Control', kind === 'private' ? CACHE_CONTROL.privateAnswer : CACHE_CONTROL.publicAnswer);
        if (kind === 'cookie') res.setHeader('Set-Cookie', 'XSRF-TOKEN=t; Path=/');
        res.end(JSON.stringify({ upstream: this.name, answer: ++answers }));
      });
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let answers = 0;
const MERGED = { from: 99, into: 7 };
const REMOTE_ORIGIN = 'http://remotes.zaytoon.test:9000';
const DIRECTORY_MANIFEST = `${REMOTE_ORIGIN}/mf-manifest.json`;
const SCRIPT = `export const greeting = ${JSON.stringify('x'.repeat(4000))};\n`;
const upstreams = [new Upstream('api-1'), new Upstream('api-2'), new Upstream('api-3')];
let door: TestFrontDoor;
let base = '';
let remoteBase = '';

beforeAll(async () => {
  for (const upstream of upstreams) await upstream.listen();
  door = await startTestFrontDoor({
    apiUpstreams: upstreams.map((upstream) => `127.0.0.1:${upstream.port}`),
    remoteOrigins: [REMOTE_ORIGIN],
    preconnectOrigins: [REMOTE_ORIGIN],
    directoryManifest: DIRECTORY_MANIFEST,
    shellFiles: {
      'index.html': '<!doctype html><title>Zaytoon</title><div id="root"></div>',
      'embed.html': '<!doctype html><title>Zaytoon</title><div id="embed"></div>',
      'assets/index-Ab12Cd34.js': SCRIPT,
      'mf-manifest.json': '{"name":"zaytoon_shell"}',
      'sw.js': SCRIPT,
      'icons/icon-192.png': 'png',
    },
    directoryFiles: { 'mf-manifest.json': '{"name":"zaytoon_directory"}', 'remoteEntry.js': SCRIPT, 'assets/App-Ef56Gh78.js': SCRIPT },
  });
  base = door.base;
  remoteBase = door.remoteBase!;
}, 60_000);

afterAll(async () => {
  await door?.stop();
  await Promise.all(upstreams.map((upstream) => upstream.close()));
});

function expectPageHeaders(response: Response, { directoryPage }: { directoryPage: boolean }): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(new RegExp(`script-src 'self' ${REMOTE_ORIGIN}(;|$)`));
  expect(csp).toContain(`connect-src 'self' ${REMOTE_ORIGIN}`);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const preconnect = `<${REMOTE_ORIGIN}>; rel=preconnect; crossorigin`;
  const manifestPreload = `<${DIRECTORY_MANIFEST}>; rel=preload; as=fetch; crossorigin`;
  expect(response.headers.get('link')).toBe(directoryPage ? `${preconnect}, ${manifestPreload}` : preconnect);
}

describe('front door: pages and assets', () => {
  it('serves the shell page with CSP naming the remote origins, frame-ancestors none, nosniff and a preconnect to the directory remote, on every route', async () => {
    for (const [path, directoryPage] of [
      ['/', false],
      ['/admin', false],
      ['/browse', true],
      ['/business/42?x=1', true],
      ['/edit-business/7', true],
      ['/no-such-page', true],
    ] as const) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      // The directory's pages also ask for its manifest with the HTML; the landing page and the admin panel do not.
      expectPageHeaders(response, { directoryPage });
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('lets any site frame the embeddable map, and no other page', async () => {
    const embed = await fetch(`${base}/embed?city=London&category=Cafe&view=list`);
    expect(embed.status).toBe(200);
    expect(await embed.text()).toContain('<div id="embed">');
    const csp = embed.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )frame-ancestors \*(;|$)/);
    expect(csp).not.toContain("'none'; frame");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(embed.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(embed.headers.get('cache-control')).toBe('no-cache');
    expect(embed.headers.get('link')).toBeNull();

    for (const path of ['/browse', '/embed.html', '/embed/x', '/']) {
      const page = await fetch(`${base}${path}`);
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('answers 404, not a redirect cycle (500), while a deploy has removed index.html', async () => {
    const index = join(door.shellRoot, 'index.html');
    renameSync(index, `${index}.deploying`);
    try {
      expect((await fetch(`${base}/browse`)).status).toBe(404);
    } finally {
      renameSync(`${index}.deploying`, index);
    }
    expect((await fetch(`${base}/browse`)).status).toBe(200);
  });

  it("answers a merged business's page with 301 to the survivor's, asking the API", async () => {
    const before = upstreams.flatMap((upstream) => upstream.seen).length;
    const response = await fetch(`${base}/business/${MERGED.from}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/business/${MERGED.into}`);
    const seen = upstreams.flatMap((upstream) => upstream.seen).slice(before);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([`GET /api${API_ROUTES.mergedBusinessPage.path.replace(':id', '99')}`]);
    expect(seen[0].headers.cookie).toBeUndefined();
  });

  it('adds HSTS to pages only when told to (production)', () => {
    const names = (hsts: boolean) => pageHeaders({ remoteOrigins: [], preconnectOrigins: [], hsts }).map(([name]) => name);
    expect(names(true)).toContain('Strict-Transport-Security');
    expect(names(false)).not.toContain('Strict-Transport-Security');
  });

  it('serves hashed JS pre-compressed (brotli, else gzip) with immutable one-year caching', async () => {
    const url = `${base}/assets/index-Ab12Cd34.js`;
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      // Node's fetch decodes the body; the headers say what travelled.
      const response = await fetch(url, { headers: { 'Accept-Encoding': accept } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toBe(SCRIPT);
    }
  });

  it('revalidates the manifest and the runtime config', async () => {
    for (const path of ['/mf-manifest.json', '/runtime-config.json']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect(await (await fetch(`${base}/runtime-config.json`)).json()).toEqual({ productName: 'Zaytoon', remotes: {} });
  });

  it('serves the service worker and the web app manifest (PRODUCT_NAME) revalidated, with their types; a missing worker is a 404, never the page', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('x-content-type-options')).toBe('nosniff');
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({ name: 'Zaytoon', short_name: 'Zaytoon', start_url: '/browse', display: 'standalone' });
    const icon = await fetch(`${base}/icons/icon-192.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${base}/icons/missing.png`)).status).toBe(404);
    const workerFile = join(door.shellRoot, 'sw.js');
    renameSync(workerFile, `${workerFile}.gone`);
    try {
      expect((await fetch(`${base}/sw.js`)).status).toBe(404);
    } finally {
      renameSync(`${workerFile}.gone`, workerFile);
    }
  });

  it('answers 404 for /favicon.ico, never the page with its preload of the directory remote', async () => {
    const favicon = await fetch(`${base}/favicon.ico`);
    expect(favicon.status).toBe(404);
    expect(favicon.headers.get('link')).toBeNull();
    expect((await fetch(`${base}/browse`)).headers.get('link')).toContain(DIRECTORY_MANIFEST);
  });

  it("a remote's server: CORS for the shell's origin, revalidated entry and manifest, immutable hashed files", async () => {
    const entry = await fetch(`${remoteBase}/remoteEntry.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('content-encoding')).toBe('br');
    const chunk = await fetch(`${remoteBase}/assets/App-Ef56Gh78.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${remoteBase}/missing.js`)).status).toBe(404);
    const viaFrontDoor = await fetch(`${base}/remotes/directory/mf-manifest.json`);
    expect(await viaFrontDoor.json()).toEqual({ name: 'zaytoon_directory' });
  });
});

describe('front door: the API upstreams', () => {
  it('passes the peer address as X-Forwarded-For whatever the client claims, and sets a request id and the Host', async () => {
    const before = upstreams.flatMap((upstream) => upstream.seen).length;
    const response = await fetch(`${base}/api/businesses?limit=1`, { headers: { 'X-Forwarded-For': '6.6.6.6', 'X-Request-Id': 'chosen-by-client' } });
    expect(response.status).toBe(200);
    const seen = upstreams.flatMap((upstream) => upstream.seen).slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/api/businesses?limit=1');
    expect(['127.0.0.1', '::1']).toContain(seen[0].headers['x-forwarded-for']);
    expect(seen[0].headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[0].headers.host).toBe(new URL(base).host);
  });

  it("starts the trace context of each request itself: the trace id is the request id, a client's traceparent is not passed on", async () => {
    const clientTrace = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const path = `/api/private/traced-${Date.now()}`;
    const response = await fetch(`${base}${path}`, { headers: { traceparent: clientTrace, tracestate: 'vendor=chosen' } });
    const [seen] = upstreams.flatMap((upstream) => upstream.seen).filter((request) => request.url === path);
    const requestId = String(seen.headers['x-request-id']);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    expect(seen.headers.traceparent).toBe(`00-${requestId}-${requestId.slice(0, 16)}-01`);
    expect(seen.headers.tracestate).toBeUndefined();
  });

  it('keeps connections to the API open (keep-alive) and spreads requests over every process', async () => {
    const before = upstreams.map((upstream) => upstream.seen.length);
    for (let i = 0; i < 40; i++) expect((await fetch(`${base}/api/businesses/${i}`)).status).toBe(200);
    const recent = upstreams.map((upstream, index) => upstream.seen.slice(before[index]));
    expect(recent.every((requests) => requests.length > 0)).toBe(true);
    const sockets = new Set(recent.flat().map((request) => request.socket));
    expect(sockets.size).toBeLessThan(10);
  });

  it('never sends a POST twice: one dropped by a process fails rather than going to another', async () => {
    const posts = () => upstreams.map((upstream) => upstream.seen.filter((request) => request.method === 'POST').length);
    upstreams[0].dropRequests = true;
    try {
      // Round robin brings a POST to the dropping process within three tries.
      let dropped = 0;
      for (let i = 0; i < 6 && !dropped; i++) {
        const before = posts();
        const response = await fetch(`${base}/api/votes`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
        const reached = posts().reduce((sum, count, index) => sum + count - before[index], 0);
        expect(reached, 'processes the POST reached').toBe(1);
        if (response.status === 502) dropped++;
        else expect(response.status).toBe(200);
      }
      expect(dropped).toBe(1);
    } finally {
      upstreams[0].dropRequests = false;
    }
  });

  it('retries a GET on another process when one drops it', async () => {
    const gets = () => upstreams[1].seen.filter((request) => request.method === 'GET').length;
    upstreams[1].dropRequests = true;
    try {
      const before = gets();
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`${base}/api/businesses/${i}`);
        expect(response.status).toBe(200);
        expect(await response.json()).not.toEqual({ upstream: 'api-2' });
      }
      expect(gets() - before, 'GETs that reached the dropping process and were retried').toBeGreaterThan(0);
    } finally {
      upstreams[1].dropRequests = false;
    }
  });

  it("refuses a body over the limit at the door, in CONTRACT's error shape, before any API process reads it", async () => {
    const before = upstreams.flatMap((upstream) => upstream.seen).length;
    const body = () => Buffer.alloc(2 * 1024 * 1024);
    const picture = await fetch(`${base}/api${API_ROUTES.uploadProfilePicture.path}`, { method: 'POST', body: body() });
    expect(picture.status).toBe(413);
    expect(await picture.json()).toEqual({ detail: MESSAGES.pictureTooLarge, code: 'pictureTooLarge' });
    const comment = await fetch(`${base}/api/businesses/1/comments`, { method: 'POST', body: body() });
    expect(comment.status).toBe(413);
    expect(await comment.json()).toEqual({ detail: MESSAGES.bodyTooLarge, code: 'bodyTooLarge' });
    // The door's own error answers are never stored, as the API's are not.
    const merge = await fetch(`${base}/api/admin/businesses/1/merge`, { method: 'POST', body: body() });
    expect(merge.status).toBe(413);
    for (const answer of [picture, comment, merge]) expect(answer.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
    expect(upstreams.flatMap((upstream) => upstream.seen).length).toBe(before);
  });
});

describe('front door: the micro-cache of public API answers', () => {
  const reached = (path: string) => upstreams.flatMap((upstream) => upstream.seen).filter((request) => request.url === path).length;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, cache: response.headers.get('x-cache-status'), headers: response.headers, body: await response.json() };
  };

  it('keeps a public answer: the next visitors get it without reaching the API, with their own request id', async () => {
    const first = await get('/api/public/summary');
    expect(first.cache).toBe('MISS');
    const second = await get('/api/public/summary');
    expect(second.cache).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('cache-control')).toBe(CACHE_CONTROL.publicAnswer);
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(reached('/api/public/summary')).toBe(1);
  });

  it('asks the API once for many visitors arriving together (cache lock)', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/api/public/together')));
    expect(new Set(answers.map((answer) => answer.body.answer)).size).toBe(1);
    expect(reached('/api/public/together')).toBe(1);
  });

  it('never answers a request with a session from it, nor keeps its answer', async () => {
    await get('/api/public/member');
    const member = { Cookie: 'XSRF-TOKEN=t; zaytoon.sid=s%3Aabc' };
    expect((await get('/api/public/member', member)).cache).toBe('BYPASS');
    expect((await get('/api/public/member', member)).cache).toBe('BYPASS');
    expect(reached('/api/public/member')).toBe(3);
    expect((await get('/api/public/only-member', member)).cache).toBe('BYPASS');
    expect((await get('/api/public/only-member')).cache).toBe('MISS');
    // A cookie whose name merely ends the same is no session.
    expect((await get('/api/public/member', { Cookie: 'not_zaytoon.sid=1' })).cache).toBe('HIT');
  });

  it("passes a request's validators to the API for the open data files, which answer 304 themselves", async () => {
    await fetch(`${base}/api/export/businesses.csv`, { headers: { 'If-None-Match': 'W/"v1"' } });
    const seen = upstreams.flatMap((upstream) => upstream.seen).find((request) => request.url === '/api/export/businesses.csv')!;
    expect(seen.headers['if-none-match']).toBe('W/"v1"');
  });

  it('never keeps a private answer or one that sets a cookie', async () => {
    for (const path of ['/api/private/me', '/api/cookie/token']) {
      await get(path);
      await get(path);
      expect(reached(path), path).toBe(2);
    }
  });

  it('refreshes a kept answer within seconds (CONTRACT.md: a removed business is gone within 5 s)', async () => {
    const first = await get('/api/public/refreshed');
    await expect.poll(async () => (await get('/api/public/refreshed')).body.answer, { timeout: 8_000, interval: 250 }).not.toBe(first.body.answer);
  });

  it('stops answering a kept answer once the API says it is gone, however often it is asked (a deleted business or brand)', async () => {
    const path = '/api/public/businesses/31';
    expect((await get(path)).status).toBe(200);
    for (const upstream of upstreams) upstream.removed.add(path);
    // Asked five times a second: each ask used to keep the expired entry in use, answered stale again and again.
    await expect.poll(async () => (await get(path)).status, { timeout: 8_000, interval: 200 }).toBe(404);
  });

  it('answers from a kept entry while the API fails', async () => {
    const kept = await get('/api/failing/failing-soon');
    for (const upstream of upstreams) upstream.failing = true;
    try {
      await expect.poll(async () => (await get('/api/failing/failing-soon')).cache, { timeout: 8_000, interval: 250 }).toBe('STALE');
      const stale = await get('/api/failing/failing-soon');
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(kept.body);
    } finally {
      for (const upstream of upstreams) upstream.failing = false;
    }
  });
});

// Last: nginx counts the dropped lookups as failures and keeps the processes out of rotation for fail_timeout.
describe('front door: pages without the API', () => {
  it("serves a business's page with its headers while every API process is down", async () => {
    for (const upstream of upstreams) upstream.dropRequests = true;
    try {
      const response = await fetch(`${base}/business/42`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expectPageHeaders(response, { directoryPage: true });
    } finally {
      for (const upstream of upstreams) upstream.dropRequests = false;
    }
  });
});
