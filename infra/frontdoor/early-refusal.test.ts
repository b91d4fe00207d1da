// An upload the API refuses before reading its body must reach the client through
// the front door as the API's status (403 here), never as nginx's 502.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@zaytoon/contract';
import { startTestFrontDoor, type TestFrontDoor } from './test-front-door';

let api: Server;
let door: TestFrontDoor;
let base = '';

beforeAll(async () => {
  // As the API refuses a cross-site write: at once, without reading the body.
  api = createServer((_req, res) => {
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end('{"detail":"refused"}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  door = await startTestFrontDoor({ apiUpstreams: [`127.0.0.1:${(api.address() as AddressInfo).port}`], maxBodySize: '3m' });
  base = door.base;
}, 60_000);

afterAll(async () => {
  await door?.stop();
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
});

function upload(pace: 'at-once' | 'slowly'): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const body = Buffer.alloc(2 * 1024 * 1024, 0x61);
    const req = request(
      `${base}/api${API_ROUTES.uploadProfilePicture.path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(body.length), origin: 'https://evil.example' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    if (pace === 'at-once') return void req.end(body);
    let offset = 0;
    const next = () => {
      if (req.destroyed) return;
      if (offset >= body.length) return void req.end();
      req.write(body.subarray(offset, (offset += 64 * 1024)));
      setTimeout(next, 2);
    };
    next();
  });
}

describe('early refusals through the front door', () => {
  for (const pace of ['at-once', 'slowly'] as const) {
    it(`a 2 MB upload refused at once by the API reads 403 (sent ${pace}), 20 times out of 20`, async () => {
      const outcomes = [];
      for (let i = 0; i < 20; i += 1) outcomes.push(await upload(pace));
      expect(outcomes).toEqual(Array.from({ length: 20 }, () => ({ status: 403 })));
    });
  }
});
