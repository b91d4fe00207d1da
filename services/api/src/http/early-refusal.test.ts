import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

const BODY_BYTES = 2 * 1024 * 1024;
const CHUNK = 64 * 1024;

/**
 * A multipart upload as a browser sends it: headers, then 2 MB of body, at once or in slow chunks.
 * Resolves with the status the client read, or with the socket error it got instead.
 */
function upload(baseUrl: string, headers: Record<string, string>, pace: 'at-once' | 'slowly'): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const boundary = '----zaytoon-early-refusal';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, Buffer.alloc(BODY_BYTES - head.length - tail.length, 0xab), tail]);
    const req = request(
      `${baseUrl}/api/auth/upload-profile-picture`,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
        res.on('error', (error) => resolve({ status: res.statusCode, error: error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    if (pace === 'at-once') {
      req.end(body);
      return;
    }
    let offset = 0;
    const next = () => {
      if (req.destroyed) return;
      if (offset >= body.length) return void req.end();
      const chunk = body.subarray(offset, offset + CHUNK);
      offset += CHUNK;
      req.write(chunk);
      setTimeout(next, 2);
    };
    next();
  });
}

describe('early refusals of uploads reach the client', () => {
  for (const pace of ['at-once', 'slowly'] as const) {
    it(`a cross-site 2 MB upload sent ${pace} reads 403, 20 times out of 20`, async () => {
      const outcomes = [];
      for (let i = 0; i < 20; i += 1)
        outcomes.push(await upload(api.baseUrl, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, pace));
      expect(outcomes).toEqual(Array.from({ length: 20 }, () => ({ status: 403 })));
    });
  }

  it('a same-site upload without a session reads 403 or 401, never a socket error', async () => {
    const outcomes = [];
    for (let i = 0; i < 10; i += 1) outcomes.push(await upload(api.baseUrl, { origin: 'http://localhost:8180' }, 'at-once'));
    for (const outcome of outcomes) {
      expect(outcome.error).toBeUndefined();
      expect([401, 403]).toContain(outcome.status);
    }
  });
});
