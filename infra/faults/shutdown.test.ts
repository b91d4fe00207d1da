// F5: SIGTERM to the API: requests in flight finish, new ones are refused, and it exits 0 within 10 s.
// The worker's half of F5 (the job in hand finishes, no new job is taken, exit 0) is
// services/worker/src/test/process.test.ts, which runs a real worker process the same way.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, type Member } from '../e2e/jobs/api-client';
import type { ManagedProcess } from '../dev/supervisor';
import { startFaultStack, type FaultStack } from './support/fault-stack';
import { sleep } from './support/steady-load';

const ORIGIN = 'http://localhost:8080';
let stack: FaultStack;
let member: Member;
let businessId: number;

beforeAll(async () => {
  stack = await startFaultStack({ name: 'shutdown' });
  const pool = stack.postgres.pool();
  businessId = (await pool.query<{ id: number }>('SELECT id FROM businesses ORDER BY id LIMIT 1')).rows[0].id;
  await pool.end();
});

afterAll(async () => {
  await stack?.stop();
});

/** A comment whose body arrives in two halves, `pauseMs` apart: a slow client's request, in flight meanwhile. */
function slowComment(text: string, pauseMs: number): { sent: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  const body = Buffer.from(JSON.stringify({ comment_text: text }));
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    cookie: [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    origin: ORIGIN,
    'x-xsrf-token': decodeURIComponent(member.client.cookies.get('XSRF-TOKEN') ?? ''),
    expect: '100-continue',
  };
  let firstHalfSent!: () => void;
  const sent = new Promise<void>((resolve) => (firstHalfSent = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${stack.apiUrl}/api/businesses/${businessId}/comments`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    // 100 Continue comes once the server has handed the request to the app: from then on it is in flight.
    req.on('continue', () => {
      req.write(body.subarray(0, 10), () => firstHalfSent());
      setTimeout(() => req.end(body.subarray(10)), pauseMs);
    });
    req.flushHeaders();
  });
  return { sent, answer };
}

describe('F5: SIGTERM to the API', () => {
  it('finishes the slow request in flight, refuses new ones, and exits 0 within 10 s', async () => {
    const api: ManagedProcess = await stack.startApi();
    member = await signUp('shutdown', new ApiClient(stack.apiUrl, ORIGIN, 8_000));
    const slow = slowComment('Written slowly, across a shutdown.', 3_000);
    await slow.sent;
    await sleep(300);

    const signalledAt = Date.now();
    api.signal('SIGTERM');
    await sleep(500);
    const refused = await new ApiClient(stack.apiUrl, ORIGIN, 3_000).get(`/api/businesses/${businessId}`).then(
      (answer) => `HTTP ${answer.status}`,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    expect(refused).toBe('ECONNREFUSED');

    const finished = await slow.answer;
    expect(finished.status, finished.body).toBe(201);
    expect(JSON.parse(finished.body).comment_text).toBe('Written slowly, across a shutdown.');

    const exit = await api.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(api.tail.join('\n')).toMatch(/SIGTERM: finishing the requests in flight/);

    const pool = stack.postgres.pool();
    const { rowCount } = await pool.query("SELECT 1 FROM comments WHERE comment_text = 'Written slowly, across a shutdown.'");
    await pool.end();
    expect(rowCount).toBe(1);
  });

  it('a request that outlives the grace period is cut, and the API still exits 0 within 10 s', async () => {
    const api = await stack.startApi();
    member = await signUp('shutdown', new ApiClient(stack.apiUrl, ORIGIN, 8_000));
    const stuck = slowComment('Never finished.', 60_000);
    const outcome = stuck.answer.then(
      (answer) => `HTTP ${answer.status}`,
      (error: NodeJS.ErrnoException) => error.code,
    );
    await stuck.sent;
    const signalledAt = Date.now();
    api.signal('SIGTERM');
    const exit = await api.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(await outcome).toBe('ECONNRESET');
  });
});
