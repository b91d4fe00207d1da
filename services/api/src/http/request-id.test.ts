import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { captureLogs, type LogLine } from '@zaytoon/core/testing';
import { startReplica, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { requestIdFor } from './request-id';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withId = (client: ApiTestClient, path: string, requestId: string) => client.request('GET', path, undefined, { 'x-request-id': requestId });

describe('request ids', () => {
  it("echo the front door's id", async () => {
    const nginxStyle = randomBytes(16).toString('hex');
    expect((await withId(api.client(), '/api/auth/me', 'abc123')).headers.get('x-request-id')).toBe('abc123');
    expect((await withId(api.client(), '/api/categories', nginxStyle)).headers.get('x-request-id')).toBe(nginxStyle);
  });

  it('replace an id that is missing or could break a log line or a header', async () => {
    for (const hostile of ['a'.repeat(200), 'abc def', '"quoted"', 'a;b=c', 'x\ty']) {
      const answer = await withId(api.client(), '/api/auth/me', hostile);
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
    }
    // No HTTP client sends a line break in a header; the check refuses it all the same.
    expect(requestIdFor('abc\n{"level":60}')).toMatch(UUID);
    expect(requestIdFor(['abc', 'def'])).toMatch(UUID);
    const first = await api.client().get('/api/auth/me');
    const second = await api.client().get('/api/auth/me');
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('go with the jobs a request enqueues', async () => {
    const client = api.client();
    const user = await client.signup();
    const requestId = `reset-${randomBytes(4).toString('hex')}`;
    const answer = await client.request('POST', '/api/auth/forgot-password', { email_or_username: user.email }, { 'x-request-id': requestId });
    expect(answer.status).toBe(200);

    const jobs = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
    const mine = jobs.filter((job) => job.name === 'send-reset-code' && job.data.to === user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].data.requestId).toBe(requestId);

    // Without one from the front door, the job carries the id the API made and answered with.
    const again = await api.client().post('/api/auth/forgot-password', { email_or_username: user.username });
    const made = again.headers.get('x-request-id');
    expect(made).toMatch(UUID);
    const later = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(
      later
        .filter((job) => job.name === 'send-reset-code' && job.data.to === user.email)
        .map((job) => job.data.requestId)
        .sort(),
    ).toEqual([requestId, made].sort());
  });
});

describe('request logs', () => {
  const captured = captureLogs('debug');
  let replica: TestApi;
  let client: ApiTestClient;

  beforeAll(async () => {
    replica = await startReplica(api, { logger: captured.logger });
    client = replica.client();
  });

  // The last test ends the replica's pool, so closing it again may throw.
  afterAll(async () => replica?.stop().catch(() => {}));

  const linesWith = (requestId: string) => captured.lines.filter((line: LogLine) => line.requestId === requestId);

  it('one access line per request with its id, method, URL and status, and never a header', async () => {
    await client.request('GET', '/api/auth/me', undefined, { 'x-request-id': 'log-me', authorization: 'Bearer secret-token' });
    expect(linesWith('log-me')).toEqual([
      expect.objectContaining({
        level: 30,
        req: { method: 'GET', url: '/api/auth/me' },
        res: { statusCode: 401 },
        msg: expect.stringMatching(/^GET \/api\/auth\/me 401 \d+ ms$/),
      }),
    ]);
    expect(JSON.stringify(linesWith('log-me'))).not.toContain('secret-token');
  });

  it('an unexpected error is logged with the request id and its stack, and the answer carries neither', async () => {
    await replica.core.db.end();
    const answer = await client.request('GET', '/api/businesses/summary', undefined, { 'x-request-id': 'broken-1' });
    expect(answer).toMatchObject({ status: 500, body: { detail: MESSAGES.internalError } });
    expect(JSON.stringify(answer.body)).not.toMatch(/at |pool/i);

    const [error, access] = linesWith('broken-1');
    expect(error).toMatchObject({ level: 50, err: { stack: expect.stringContaining('\n    at ') } });
    expect(access).toMatchObject({ level: 50, res: { statusCode: 500 }, msg: expect.stringMatching(/^GET \/api\/businesses\/summary 500 \d+ ms$/) });
  });
});
