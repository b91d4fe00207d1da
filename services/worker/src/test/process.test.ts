import { Job } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from './fixtures';
import { createTestContext, killWorkers, spawnWorker, waitFor, waitForJob, type TestContext, type WorkerChild } from './test-context';

let context: TestContext;
const children: WorkerChild[] = [];

beforeAll(async () => {
  context = await createTestContext();
});

afterEach(() => killWorkers(children));

afterAll(async () => {
  await context?.close();
});

// Short locks so stalled-job recovery takes seconds, not the default 30 s. Every worker here uses
// them: BullMQ's stalled check is throttled per queue by whichever worker ran it last, with that
// worker's interval.
const locks = { WORKER_LOCK_DURATION_MS: '4000', WORKER_STALLED_INTERVAL_MS: '1000' };

function worker(env: Record<string, string>): WorkerChild {
  const child = spawnWorker(context, { ...locks, ...env });
  children.push(child);
  return child;
}

async function waitUntilActive(jobId: string) {
  await waitFor(async () => (await (await Job.fromId(context.queues.geocoding, jobId))?.getState()) === 'active', 20_000, `job ${jobId} active`);
}

const latitudeOf = async (id: number) =>
  (await context.db.query<{ latitude: number | null }>('SELECT latitude FROM businesses WHERE id = $1', [id])).rows[0].latitude;

describe('worker process', () => {
  it('SIGTERM lets the job in hand finish, takes no new job, and exits 0', async () => {
    const child = worker({ WORKER_TEST_DELAY_MS: '2500' });
    await child.ready;
    const business = await insertBusiness(context.db, { postcode: 'SW1A 1AA' });
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'SW1A 1AA' });
    await waitUntilActive(jobId!);

    child.process.kill('SIGTERM');
    await waitFor(async () => child.output().includes('SIGTERM: finishing'), 5_000, 'the worker to see SIGTERM');
    const later = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'SW1A 1AA' });
    const exit = await child.exited;

    expect(exit, child.output()).toEqual({ code: 0, signal: null });
    expect(child.output()).toContain('SIGTERM: finishing the jobs in hand');
    expect((await waitForJob(context.queues.geocoding, jobId!, 1_000)).state).toBe('completed');
    expect(await latitudeOf(business.id)).toBeCloseTo(51.5, 1);
    expect(await (await Job.fromId(context.queues.geocoding, later!))!.getState()).toBe('waiting');
    await context.queues.geocoding.remove(later!);
  });

  it('a job whose worker is SIGKILLed mid-job is recovered and completed by another worker', async () => {
    const doomed = worker({ WORKER_TEST_DELAY_MS: '60000' });
    await doomed.ready;
    const business = await insertBusiness(context.db, { postcode: 'M1 1AE' });
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'M1 1AE' });
    await waitUntilActive(jobId!);

    doomed.process.kill('SIGKILL');
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await latitudeOf(business.id)).toBeNull();

    const rescuer = worker({});
    await rescuer.ready;
    const result = await waitForJob(context.queues.geocoding, jobId!, 30_000);
    expect(result.state, rescuer.output()).toBe('completed');
    expect(result.returnvalue).toMatchObject({ status: 'located' });
    expect(await latitudeOf(business.id)).toBeCloseTo(53.48, 1);
  });

  it('refuses to start on bad configuration, saying why', async () => {
    const child = worker({ WORKER_CONCURRENCY: 'many' });
    const exit = await child.exited;
    expect(exit.code).toBe(1);
    expect(child.output()).toMatch(/failed to start: Invalid configuration: WORKER_CONCURRENCY/);
  });
});
