import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasWebPort, LINK_CHECK_RULES } from '@zaytoon/contract';
import { LinkChecker } from './link-checker';
import { fetchLink, LinkFetchError } from './link-fetch';
import { cutToUtf8Bytes } from './page-archive';
import { isPublicAddress } from './public-address';

const STATEMENT_PAGE = `<!doctype html><html><head><title>Our statement &amp; pledge</title><style>p { color: red }</style>
<script>var hidden = 'never archived';</script></head>
<body><nav>Home</nav><h1>We stand with Palestine</h1><p>Every sale this month   goes to
Medical Aid for Palestinians.</p><svg><title>icon</title></svg><p>Thank&nbsp;you.</p></body></html>`;

/** The test's own web site: each path is one behaviour a source's page may have. */
const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/statement': (_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STATEMENT_PAGE),
  '/gzipped': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(STATEMENT_PAGE)),
  '/long': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<title>Long</title><p>${'فلسطين حرة '.repeat(2000)}</p>`),
  '/plain': (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('A   plain\nstatement'),
  '/pdf': (_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7'),
  '/gone': (_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>'),
  '/slow': () => {
    /* never answers */
  },
  // Headers and the first bytes of a gzipped page, then nothing more (the connection stays open).
  '/stalls-gzipped': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    response.write(gzipSync(STATEMENT_PAGE).subarray(0, 40));
  },
  '/stalls-plain': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<title>Half a page');
  },
  '/to-private': (_request, response) => response.writeHead(302, { location: 'http://10.0.0.1/admin' }).end(),
  '/to-localhost': (_request, response) => response.writeHead(301, { location: `http://localhost:${port}/statement` }).end(),
  '/to-redis-port': (_request, response) => response.writeHead(302, { location: 'http://127.0.0.1:6379/' }).end(),
  '/to-ftp': (_request, response) => response.writeHead(302, { location: 'ftp://example.com/file' }).end(),
};

let server: Server;
let port: number;
let base: string;

function route(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url!, base);
  // /hop/N redirects N more times (relative Location), then lands on the statement.
  const hops = /^\/hop\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const left = Number(hops[1]);
    response.writeHead(left === 0 ? 200 : 302, left === 0 ? { 'content-type': 'text/html' } : { location: `/hop/${left - 1}` });
    response.end(left === 0 ? STATEMENT_PAGE : undefined);
    return;
  }
  (routes[url.pathname] ?? routes['/gone'])(request, response);
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetchSettings = {
  timeoutMs: 2_000,
  maxRedirects: 5,
  maxBodyBytes: 1024,
  userAgent: 'zaytoon-test',
  isAllowedAddress: () => true,
  isAllowedPort: () => true,
};

const testChecker = (options: { timeoutMs?: number } = {}) => new LinkChecker({ allowPrivateAddresses: true, userAgent: 'zaytoon-test', ...options });

describe('a link check against a local HTTP server (LINK_CHECK_ALLOW_PRIVATE on)', () => {
  it("200: the page's title and visible text are archived, scripts, styles and an svg's title left out", async () => {
    const check = await testChecker().check(`${base}/statement`);
    expect(check).toEqual({
      ok: true,
      httpStatus: 200,
      finalUrl: `${base}/statement`,
      title: 'Our statement & pledge',
      excerpt: 'Home We stand with Palestine Every sale this month goes to Medical Aid for Palestinians. Thank you.',
      problem: null,
    });
  });

  it('reads a gzipped page, a text page (no title), and a PDF (nothing to archive)', async () => {
    expect(await testChecker().check(`${base}/gzipped`)).toMatchObject({ ok: true, title: 'Our statement & pledge' });
    expect(await testChecker().check(`${base}/plain`)).toMatchObject({ ok: true, title: null, excerpt: 'A plain statement' });
    expect(await testChecker().check(`${base}/pdf`)).toMatchObject({ ok: true, httpStatus: 200, title: null, excerpt: null });
  });

  it('keeps at most 2 kB of the text, cut between characters', async () => {
    const { excerpt } = await testChecker().check(`${base}/long`);
    const bytes = Buffer.byteLength(excerpt!);
    expect(bytes).toBeLessThanOrEqual(LINK_CHECK_RULES.excerptMaxBytes);
    expect(bytes).toBeGreaterThan(LINK_CHECK_RULES.excerptMaxBytes - 4);
    expect(excerpt).not.toContain('\uFFFD');
    expect(cutToUtf8Bytes('aé', 2)).toBe('a');
  });

  it('404 is a failed check with its status', async () => {
    expect(await testChecker().check(`${base}/gone`)).toEqual({
      ok: false,
      httpStatus: 404,
      finalUrl: `${base}/gone`,
      title: null,
      excerpt: null,
      problem: 'answered 404',
    });
  });

  it('follows 5 redirects to the final URL and refuses a sixth', async () => {
    expect(await testChecker().check(`${base}/hop/5`)).toMatchObject({ ok: true, httpStatus: 200, finalUrl: `${base}/hop/0` });
    expect(await testChecker().check(`${base}/hop/6`)).toMatchObject({
      ok: false,
      httpStatus: 302,
      finalUrl: `${base}/hop/1`,
      problem: 'more than 5 redirects',
    });
  });

  it('gives up when the page does not answer in time', async () => {
    const started = Date.now();
    expect(await testChecker({ timeoutMs: 300 }).check(`${base}/slow`)).toMatchObject({
      ok: false,
      httpStatus: null,
      problem: 'no answer within 0.3 s',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up on a page that stalls after its headers, gzipped or not, within the timeout', async () => {
    for (const path of ['/stalls-gzipped', '/stalls-plain']) {
      const started = Date.now();
      expect(await testChecker({ timeoutMs: 300 }).check(`${base}${path}`), path).toMatchObject({
        ok: false,
        httpStatus: null,
        problem: 'no answer within 0.3 s',
      });
      expect(Date.now() - started, path).toBeLessThan(2_000);
    }
  }, 10_000);

  it('stops when the job that asked is cancelled, before its own timeout', async () => {
    const job = new AbortController();
    setTimeout(() => job.abort(), 200);
    const started = Date.now();
    const failure = await fetchLink(`${base}/stalls-gzipped`, { ...fetchSettings, timeoutMs: 60_000 }, job.signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LinkFetchError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('checks only http and https links', async () => {
    expect(await testChecker().check('ftp://example.com/statement')).toMatchObject({ ok: false, problem: 'ftp: links are not checked' });
    expect(await testChecker().check(`${base}/to-ftp`)).toMatchObject({ ok: false, finalUrl: 'ftp://example.com/file' });
    expect(await testChecker().check('not a url')).toMatchObject({ ok: false, problem: 'not a URL' });
  });
});

describe('SSRF guard (LINK_CHECK_ALLOW_PRIVATE off, the default)', () => {
  const guarded = new LinkChecker({ allowPrivateAddresses: false, userAgent: 'zaytoon-test' });

  it('refuses loopback, private and IPv4-mapped addresses and names that resolve to them, before connecting', async () => {
    let requests = 0;
    server.on('request', () => requests++);
    for (const url of [
      'http://127.0.0.1/statement',
      'http://10.0.0.1/',
      'https://[::1]/statement',
      'http://[::ffff:127.0.0.1]/statement',
      'http://[::ffff:10.1.2.3]/',
      'http://localhost/statement',
      'http://0x7f.1/statement',
    ]) {
      const check = await guarded.check(url);
      expect(check, url).toMatchObject({ ok: false, httpStatus: null });
      expect(check.problem, url).toMatch(/^refused: .* is not a public address$/);
    }
    expect(requests).toBe(0);
  });

  it('refuses a port other than 80 or 443, at the first hop or after a redirect, before connecting', async () => {
    for (const url of [`${base}/statement`, 'http://example.com:6379/', 'https://8.8.8.8:22/', 'http://example.com:8443/']) {
      const check = await guarded.check(url);
      expect(check, url).toMatchObject({ ok: false, httpStatus: null });
      expect(check.problem, url).toMatch(/^refused: port \d+ is not a web port$/);
    }
    const firstHopAllowed = { ...fetchSettings, isAllowedPort: (url: string) => url.startsWith(base) || hasWebPort(url) };
    const failure = await fetchLink(`${base}/to-redis-port`, firstHopAllowed).catch((error: unknown) => error);
    expect((failure as LinkFetchError).message).toBe('refused: port 6379 is not a web port');
  });

  it('refuses a redirect to a private address or a name that resolves to loopback, at any hop', async () => {
    for (const [path, refusedHost] of [
      ['/to-private', '10.0.0.1'],
      ['/to-localhost', 'localhost'],
    ]) {
      // The test server's address is let through once, for the first hop; the redirect's host is judged as usual.
      let firstHop = true;
      const settings = {
        timeoutMs: 2_000,
        maxRedirects: 5,
        maxBodyBytes: 1024,
        userAgent: 'zaytoon-test',
        isAllowedPort: () => true,
        isAllowedAddress: (address: string) => (firstHop && address === '127.0.0.1' ? !(firstHop = false) : isPublicAddress(address)),
      };
      const failure = await fetchLink(`${base}${path}`, settings).catch((error: unknown) => error);
      expect(failure, path).toBeInstanceOf(LinkFetchError);
      expect((failure as LinkFetchError).message, path).toMatch(new RegExp(`^refused: ${refusedHost}`));
      expect(firstHop, path).toBe(false);
    }
  });

  it('tells public addresses from every special-purpose range, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '151.101.1.140', '2a00:1450:4009:81f::200e', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '0.0.0.0',
      '10.20.30.40',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.5.4',
      '192.168.1.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
