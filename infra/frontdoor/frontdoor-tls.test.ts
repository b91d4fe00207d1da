// The front door serving HTTPS and HTTP/2 itself (TLS_CERTIFICATE_FILE in the image): real nginx with a certificate
// made for loopback, asked by Node's HTTP/2 client, which trusts that certificate alone.
import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestFrontDoor, type TestFrontDoor } from './test-front-door';

const SCRIPT = `export const greeting = ${JSON.stringify('x'.repeat(4000))};\n`;
const seenByApi: IncomingMessage['headers'][] = [];
let api: Server;
let door: TestFrontDoor;
let session: ClientHttp2Session;

beforeAll(async () => {
  api = createServer((req, res) => {
    seenByApi.push(req.headers);
    res.setHeader('Content-Type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  door = await startTestFrontDoor({
    apiUpstreams: [`127.0.0.1:${(api.address() as AddressInfo).port}`],
    shellFiles: { 'index.html': '<!doctype html><title>Zaytoon</title><div id="root"></div>', 'assets/index-Ab12Cd34.js': SCRIPT },
    tls: true,
    httpsRedirect: true,
  });
  session = connect(door.base, { ca: door.ca });
  await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
}, 60_000);

afterAll(async () => {
  session?.close();
  await door?.stop();
  await new Promise((resolve) => api?.close(resolve));
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ [constants.HTTP2_HEADER_PATH]: path, ...headers });
    let body = '';
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (received) => (answer = received));
    stream.setEncoding('latin1');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => resolve({ headers: answer, body }));
    stream.on('error', reject);
  });
}

describe('front door over TLS', () => {
  it('speaks HTTP/2 (ALPN h2) with the certificate it was given', () => {
    expect(door.base).toMatch(/^https:/);
    expect(session.alpnProtocol).toBe('h2');
  });

  it('serves pages with the same security headers as over plain HTTP', async () => {
    const page = await get('/browse');
    expect(page.headers[':status']).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('serves hashed JS brotli-compressed and immutable on the same connection', async () => {
    const script = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(script.headers[':status']).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a visitor on plain HTTP to the same address over https, and never to the API', async () => {
    const before = seenByApi.length;
    for (const path of ['/', '/business/12?lang=cy', '/api/businesses?limit=1']) {
      const answer = await fetch(`${door.redirectBase}${path}`, { redirect: 'manual' });
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe(`${door.base}${path}`);
    }
    expect(seenByApi.length).toBe(before);
  });

  it('tells the API the request came over https', async () => {
    const answer = await get('/api/businesses?limit=1');
    expect(answer.headers[':status']).toBe(200);
    expect(seenByApi.at(-1)?.['x-forwarded-proto']).toBe('https');
  });
});
