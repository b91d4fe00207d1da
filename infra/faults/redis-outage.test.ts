// F1: Redis killed with kill -9 for 30 s under load. F2: Redis frozen with SIGSTOP for 20 s.
// Sessions and rate limits live in Redis, the queues too; Postgres holds the data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, businessInput, eventually, signUp, type Member } from '../e2e/jobs/api-client';
import type { ManagedProcess } from '../dev/supervisor';
import { startFaultStack, type FaultStack } from './support/fault-stack';
import { SteadyLoad, describeSamples, samplesOf, sleep } from './support/steady-load';

const ORIGIN = 'http://localhost:8080';
/** Longer than any answer may take: a call without an answer by then hung. */
const CLIENT_TIMEOUT_MS = 8_000;
const NEEDS_REDIS = ['me', 'vote'];
const PUBLIC_READS = ['list', 'detail'];

let stack: FaultStack;
let api: ManagedProcess;
let worker: ManagedProcess;
let member: Member;
let businessId: number;

const visitor = () => new ApiClient(stack.apiUrl, ORIGIN, CLIENT_TIMEOUT_MS);

function mixedLoad(): SteadyLoad {
  return new SteadyLoad(
    [
      { name: 'list', run: () => visitor().get('/api/businesses?page=1&limit=20') },
      { name: 'detail', run: () => visitor().get(`/api/businesses/${businessId}`) },
      { name: 'me', run: () => member.client.get('/api/auth/me') },
      { name: 'vote', run: () => member.client.post(`/api/businesses/${businessId}/vote`, { vote_type: 'upvote' }) },
    ],
    100,
  );
}

/** Resolves with the time the member's session answered 200 again. */
async function sessionAnswersAgain(timeoutMs: number): Promise<number> {
  return eventually(
    async () => ((await member.client.get('/api/auth/me')).status === 200 ? Date.now() : null),
    timeoutMs,
    'the session to answer again',
  );
}

beforeAll(async () => {
  stack = await startFaultStack({ name: 'redis' });
  api = await stack.startApi();
  worker = stack.startWorker();
  const pool = stack.postgres.pool();
  businessId = (await pool.query<{ id: number }>('SELECT id FROM businesses ORDER BY id LIMIT 1')).rows[0].id;
  await pool.end();
  member = await signUp('faults', new ApiClient(stack.apiUrl, ORIGIN, CLIENT_TIMEOUT_MS));
  // appendfsync everysec: the session's write reaches the AOF within a second.
  await sleep(1_500);
});

afterAll(async () => {
  await stack?.stop();
});

describe('F1: Redis killed (kill -9) for 30 s under load', () => {
  it('nothing crashes, calls that need Redis answer 503 within 2 s, reads go on, and it all comes back with the session', async () => {
    const load = mixedLoad();
    load.start();
    await sleep(2_000);
    const killedAt = Date.now();
    await stack.redis.kill();
    await sleep(30_000);
    const restartedAt = Date.now();
    await stack.redis.start();
    const recoveredAt = await sessionAnswersAgain(10_000);
    await sleep(2_000);
    const samples = await load.stop();

    expect(api.exit, 'the API process').toBeUndefined();
    expect(worker.exit, 'the worker process').toBeUndefined();

    const outage = samplesOf(samples, NEEDS_REDIS, killedAt + 200, restartedAt);
    expect(outage.length).toBeGreaterThan(200);
    expect(
      outage.filter((s) => s.status !== 503 || s.ms > 2_000),
      describeSamples(outage),
    ).toEqual([]);

    const reads = samplesOf(samples, PUBLIC_READS, killedAt + 200, restartedAt);
    expect(
      reads.filter((s) => s.status !== 200),
      describeSamples(reads),
    ).toEqual([]);

    expect(recoveredAt - restartedAt, 'service back after Redis restarted').toBeLessThan(10_000);
    const after = samplesOf(samples, [...NEEDS_REDIS, ...PUBLIC_READS], recoveredAt + 500);
    expect(
      after.filter((s) => s.status !== 200),
      describeSamples(after),
    ).toEqual([]);
    expect(
      samples.filter((s) => s.status === 'timeout' || s.status === 'network' || s.status === 500),
      describeSamples(samples),
    ).toEqual([]);

    // The AOF kept the session: the same cookie is the same member.
    expect((await member.client.get('/api/auth/me')).body.username).toBe(member.username);
  });

  it('the worker takes jobs again without a restart', async () => {
    // A 503 stores nothing, so a member who gets one (the queue connection a moment behind the session's) tries again.
    const name = `Fault Falafel ${Date.now()}`;
    const created = await eventually(
      async () => {
        const answer = await member.client.post('/api/businesses', businessInput(name, { postcode: 'SW1A 1AA' }));
        expect([201, 503]).toContain(answer.status);
        return answer.status === 201 ? answer : null;
      },
      10_000,
      'adding a business to succeed',
    );
    const placed = await eventually(
      async () => {
        const business = (await visitor().get(`/api/businesses/${created.body.id}`)).body;
        return business.latitude !== null ? business : null;
      },
      30_000,
      'the worker to geocode the new business',
    );
    expect(placed.latitude).toBeCloseTo(51.5, 0);
    expect(worker.exit).toBeUndefined();
  });
});

describe('F2: Redis frozen (SIGSTOP) for 20 s', () => {
  it('a logged-in request answers 503 within 3 s and never hangs; everything recovers on SIGCONT', async () => {
    const load = mixedLoad();
    load.start();
    await sleep(2_000);
    const frozenAt = Date.now();
    stack.redis.freeze();
    await sleep(20_000);
    const thawedAt = Date.now();
    stack.redis.thaw();
    const recoveredAt = await sessionAnswersAgain(10_000);
    await sleep(2_000);
    const samples = await load.stop();

    expect(api.exit).toBeUndefined();
    expect(worker.exit).toBeUndefined();
    // Calls sent just before the freeze may still have been answered.
    const frozen = samplesOf(samples, NEEDS_REDIS, frozenAt + 200, thawedAt - 3_000);
    expect(frozen.length).toBeGreaterThan(100);
    expect(
      frozen.filter((s) => s.status !== 503 || s.ms > 3_000),
      describeSamples(frozen),
    ).toEqual([]);
    expect(
      samples.filter((s) => s.status === 'timeout' || s.status === 'network' || s.status === 500),
      describeSamples(samples),
    ).toEqual([]);
    expect(
      samples.filter((s) => s.ms > 3_000),
      describeSamples(samples),
    ).toEqual([]);

    expect(recoveredAt - thawedAt).toBeLessThan(5_000);
    const after = samplesOf(samples, [...NEEDS_REDIS, ...PUBLIC_READS], recoveredAt + 500);
    expect(
      after.filter((s) => s.status !== 200),
      describeSamples(after),
    ).toEqual([]);
  });
});
