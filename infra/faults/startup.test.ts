// F6: the API and worker started while Redis or Postgres is down: they say so, stay up (/healthz 200,
// /readyz 503), and become ready by themselves when the dependency appears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../e2e/jobs/api-client';
import type { ManagedProcess } from '../dev/supervisor';
import { startFaultStack, type FaultStack } from './support/fault-stack';
import { sleep } from './support/steady-load';

let stack: FaultStack;

beforeAll(async () => {
  stack = await startFaultStack({ name: 'startup', startStopped: { redis: true } });
});

afterAll(async () => {
  await stack?.stop();
});

async function probe(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.apiUrl}${path}`, { signal: AbortSignal.timeout(3_000) });
  return { status: response.status, body: await response.json() };
}

/** Resolves with the time /readyz first answers 200. */
function readyAgain(timeoutMs: number): Promise<number> {
  return eventually(async () => ((await probe('/readyz')).status === 200 ? Date.now() : null), timeoutMs, '/readyz to answer 200');
}

const logOf = (proc: ManagedProcess) => proc.tail.join('\n');

describe('F6: starting with a dependency down', () => {
  it('Redis down: clear log lines, /healthz 200, /readyz 503; ready by itself once Redis is there', async () => {
    const api = await stack.startApi();
    const worker = stack.startWorker();
    await sleep(2_000);
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', postgres: true, redis: false } });
    expect(logOf(api)).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+.*ECONNREFUSED.*answer 503 until it is back/);
    await worker.waitForOutput(/queue connection \(worker\): connect ECONNREFUSED/, 10_000);
    expect(api.exit).toBeUndefined();
    expect(worker.exit).toBeUndefined();

    const startedAt = Date.now();
    await stack.redis.start();
    expect((await readyAgain(10_000)) - startedAt).toBeLessThan(10_000);
    await worker.waitForOutput(/ready: queues/, 10_000);
    expect(logOf(api)).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+\/? is back/);
    await Promise.all([api.stop(), worker.stop()]);
  });

  it('Postgres down: clear log lines, /healthz 200, /readyz 503; ready by itself once Postgres is there', async () => {
    await stack.postgres.stop();
    const api = await stack.startApi();
    const worker = stack.startWorker();
    await sleep(2_000);
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', postgres: false, redis: true } });
    expect(logOf(api)).toMatch(/cannot reach Postgres at 127\.0\.0\.1:\d+\/zaytoon: .*answer 503 until it is there/);
    await worker.waitForOutput(/cannot reach Postgres at 127\.0\.0\.1:\d+\/zaytoon/, 5_000);

    const startedAt = Date.now();
    await stack.postgres.start();
    expect((await readyAgain(10_000)) - startedAt).toBeLessThan(10_000);
    await api.waitForOutput(/Postgres at 127\.0\.0\.1:\d+\/zaytoon is reachable/, 5_000);
    expect((await fetch(`${stack.apiUrl}/api/businesses?page=1`)).status).toBe(200);
    expect(api.exit).toBeUndefined();
    expect(worker.exit).toBeUndefined();
  });
});
