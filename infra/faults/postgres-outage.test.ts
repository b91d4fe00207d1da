// F3: Postgres connections terminated, then Postgres restarted, with requests in flight and under load.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, businessInput, eventually, signUp, type Answer, type Member } from '../e2e/jobs/api-client';
import type { ManagedProcess } from '../dev/supervisor';
import { startFaultStack, type FaultStack } from './support/fault-stack';
import { SteadyLoad, describeSamples, samplesOf, sleep } from './support/steady-load';

const ORIGIN = 'http://localhost:8080';
const CLIENT_TIMEOUT_MS = 8_000;

let stack: FaultStack;
let api: ManagedProcess;
let worker: ManagedProcess;
let members: Member[];
let businessIds: number[];
let checks: pg.Pool;

/** Every write the test sent, by the unique text it carried, with the status it got (undefined: no answer). */
const comments: { text: string; businessId: number; status?: number }[] = [];
const businesses: { name: string; status?: number }[] = [];

const visitor = () => new ApiClient(stack.apiUrl, ORIGIN, CLIENT_TIMEOUT_MS);

async function comment(member: Member, businessId: number): Promise<Answer> {
  const write: (typeof comments)[number] = { text: `fault comment ${comments.length} ${member.username}`, businessId };
  comments.push(write);
  const answer = await member.client.post(`/api/businesses/${businessId}/comments`, { comment_text: write.text });
  write.status = answer.status;
  return answer;
}

async function addBusiness(member: Member): Promise<Answer> {
  const write: (typeof businesses)[number] = { name: `Fault Bakery ${businesses.length} ${member.username}` };
  businesses.push(write);
  const answer = await member.client.post('/api/businesses', businessInput(write.name));
  write.status = answer.status;
  return answer;
}

function mixedLoad(): SteadyLoad {
  let turn = 0;
  const next = () => members[turn++ % members.length];
  const someBusiness = () => businessIds[turn % businessIds.length];
  return new SteadyLoad(
    [
      { name: 'list', run: () => visitor().get('/api/businesses?page=1&limit=20&search=cafe') },
      { name: 'detail', run: () => visitor().get(`/api/businesses/${someBusiness()}`) },
      { name: 'vote', run: () => next().client.post(`/api/businesses/${someBusiness()}/vote`, { vote_type: turn % 2 ? 'upvote' : 'downvote' }) },
      { name: 'comment', run: () => comment(next(), someBusiness()) },
      { name: 'business', run: () => addBusiness(next()) },
    ],
    150,
  );
}

beforeAll(async () => {
  stack = await startFaultStack({ name: 'postgres' });
  api = await stack.startApi();
  worker = stack.startWorker();
  checks = stack.postgres.pool();
  businessIds = (await checks.query<{ id: number }>('SELECT id FROM businesses ORDER BY id LIMIT 5')).rows.map((row) => row.id);
  members = [];
  for (let i = 0; i < 4; i++) members.push(await signUp('pgfault', new ApiClient(stack.apiUrl, ORIGIN, CLIENT_TIMEOUT_MS)));
});

afterAll(async () => {
  await checks?.end().catch(() => {});
  await stack?.stop();
});

describe('F3: Postgres connections terminated, then Postgres restarted', () => {
  it('requests in flight when their connections are terminated answer 503; later ones 200', async () => {
    // Holding the businesses table makes the writes below wait inside their transactions: in flight for sure.
    const holder = new pg.Client({ connectionString: stack.postgres.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
    const inFlight = [
      members[0].client.post(`/api/businesses/${businessIds[0]}/vote`, { vote_type: 'upvote' }),
      members[1].client.post(`/api/businesses/${businessIds[0]}/vote`, { vote_type: 'downvote' }),
      addBusiness(members[2]),
      comment(members[3], businessIds[0]),
    ];
    // Asked from another connection: inside the holder's transaction pg_stat_activity stays as first read.
    await eventually(
      async () => {
        const { rows } = await checks.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0].waiting >= 3;
      },
      5_000,
      'the writes to wait for the lock',
    );
    const terminated = await holder.query<{ pid: number }>(
      'SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    expect(terminated.rowCount).toBeGreaterThanOrEqual(3);
    await holder.query('ROLLBACK');
    await holder.end();

    const answers = await Promise.all(inFlight);
    expect(
      answers.map((answer) => answer.status),
      api.tail.slice(-30).join('\n'),
    ).toEqual([503, 503, 503, 503]);
    expect(answers[0].body).toEqual({ detail: 'Service temporarily unavailable', code: 'serviceUnavailable' });

    const later = [
      await visitor().get(`/api/businesses/${businessIds[0]}`),
      await members[0].client.post(`/api/businesses/${businessIds[0]}/vote`, { vote_type: 'upvote' }),
      await addBusiness(members[2]),
    ];
    expect(later.map((answer) => answer.status)).toEqual([200, 200, 201]);
    expect(api.exit).toBeUndefined();
  });

  it('under load, a Postgres restart costs only 503s while it is away, and service comes back by itself', async () => {
    const load = mixedLoad();
    load.start();
    await sleep(3_000);
    const stoppedAt = Date.now();
    await stack.postgres.stop();
    await sleep(5_000);
    const restartedAt = Date.now();
    await stack.postgres.start();
    const recoveredAt = await eventually(
      async () => ((await visitor().get(`/api/businesses/${businessIds[1]}/comments`)).status === 200 ? Date.now() : null),
      15_000,
      'the API to read from Postgres again',
    );
    await sleep(3_000);
    const samples = await load.stop();

    expect(api.exit, 'the API process').toBeUndefined();
    expect(worker.exit, 'the worker process').toBeUndefined();
    expect(
      samples.filter((s) => typeof s.status !== 'number' || (s.status >= 500 && s.status !== 503)),
      describeSamples(samples),
    ).toEqual([]);
    expect(
      samples.filter((s) => s.ms > 5_000),
      describeSamples(samples),
    ).toEqual([]);
    const writesWhileDown = samplesOf(samples, ['vote', 'comment', 'business'], stoppedAt + 1_000, restartedAt);
    expect(writesWhileDown.length).toBeGreaterThan(40);
    expect(
      writesWhileDown.filter((s) => s.status !== 503),
      describeSamples(writesWhileDown),
    ).toEqual([]);
    expect(recoveredAt - restartedAt).toBeLessThan(10_000);
    const after = samplesOf(samples, ['list', 'detail', 'vote', 'comment', 'business'], recoveredAt + 500);
    expect(after.length).toBeGreaterThan(20);
    expect(
      after.filter((s) => s.status >= 300),
      describeSamples(after),
    ).toEqual([]);
  });

  it('no partial writes: every answered write is whole, no refused one left a row, and vote totals match the votes', async () => {
    const answered = (status?: number) => status !== undefined && status >= 200 && status < 300;
    const { rows: storedComments } = await checks.query<{ comment_text: string }>(
      "SELECT comment_text FROM comments WHERE comment_text LIKE 'fault comment %'",
    );
    const stored = new Set(storedComments.map((row) => row.comment_text));
    expect(comments.filter((write) => answered(write.status) !== stored.has(write.text))).toEqual([]);

    const { rows: storedBusinesses } = await checks.query<{
      name: string;
      address: string;
      city: string;
      postcode: string;
      category: string;
      description: string;
    }>("SELECT name, address, city, postcode, category, description FROM businesses WHERE name LIKE 'Fault Bakery %'");
    const byName = new Map(storedBusinesses.map((row) => [row.name, row]));
    expect(businesses.filter((write) => answered(write.status) !== byName.has(write.name))).toEqual([]);
    for (const row of storedBusinesses)
      expect(row).toMatchObject({ address: '10 Downing Street', city: 'London', postcode: 'SW1A 1AA', category: 'Cafe' });

    const { rows: mismatched } = await checks.query(
      `SELECT b.id FROM businesses b
        WHERE b.upvotes <> (SELECT count(*) FROM votes v WHERE v.business_id = b.id AND v.vote_type = 'upvote')
           OR b.downvotes <> (SELECT count(*) FROM votes v WHERE v.business_id = b.id AND v.vote_type = 'downvote')`,
    );
    expect(mismatched).toEqual([]);
    expect(comments.filter((write) => answered(write.status)).length).toBeGreaterThan(10);
  });
});
