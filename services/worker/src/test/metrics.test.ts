// The worker's own /metrics: queue depths and job durations, guarded like the API's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import type { RunningWorker } from '../worker';
import { insertBusiness } from './fixtures';
import { createTestContext, startWorker, waitForJob, type TestContext } from './test-context';

let context: TestContext;
const running: RunningWorker[] = [];

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await Promise.all(running.map((worker) => worker.stop()));
  await context?.close();
});

async function boot(env: Record<string, string>): Promise<string> {
  const worker = await startWorker(context, { WORKER_METRICS_PORT: '0', ...env });
  running.push(worker);
  expect(worker.metricsPort).toBeGreaterThan(0);
  return `http://127.0.0.1:${worker.metricsPort}/metrics`;
}

describe('worker metrics', () => {
  it('serves queue depths and the duration of each job run by queue, job and outcome', async () => {
    const url = await boot({});
    const business = await insertBusiness(context.db, { postcode: 'SW1A 1AA' });
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'SW1A 1AA' });
    expect((await waitForJob(context.queues.geocoding, jobId!)).state).toBe('completed');

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(text).toMatch(/^worker_job_duration_seconds_count\{queue="geocoding",job="geocode-business",outcome="completed"\} [1-9]/m);
    expect(text).toMatch(/^bullmq_jobs\{queue="geocoding",state="completed"\} [1-9]/m);
    expect(text).toMatch(/^bullmq_jobs\{queue="emails",state="waiting"\} \d+/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('asks for METRICS_TOKEN when one is set', async () => {
    const token = 'worker-metrics-token-0123456789';
    const url = await boot({ METRICS_TOKEN: token });
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: MESSAGES.metricsTokenRequired });
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-0123456789abc' } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
