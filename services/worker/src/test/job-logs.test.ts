import { setTimeout as sleep } from 'node:timers/promises';
import { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOBS, withRequestId } from '@zaytoon/core';
import { captureLogs, type LogLine } from '@zaytoon/core/testing';
import { defineHandler } from '../jobs/job-handler';
import { startWorkers } from '../jobs/worker-runtime';
import { loadWorkerSettings } from '../worker.config';
import { createWorkerContainer } from '../worker.container';
import { insertBusiness } from './fixtures';
import { createTestContext, startWorker, waitForJob, type TestContext } from './test-context';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

const linesOf = (lines: LogLine[], jobId: string) => lines.filter((line) => line.jobId === jobId);

describe('job logs', () => {
  it('a job enqueued during a request logs its start and end with that request id, as the booted worker runs it', async () => {
    const captured = captureLogs('info');
    const worker = await startWorker(context, {}, captured.logger);
    try {
      const business = await insertBusiness(context.db, { postcode: 'SW1A 1AA' });
      const jobId = await withRequestId('abc123', () =>
        context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'SW1A 1AA' }),
      );
      expect((await Job.fromId(context.queues.geocoding, jobId!))!.data).toMatchObject({ requestId: 'abc123' });
      expect((await waitForJob(context.queues.geocoding, jobId!)).state).toBe('completed');

      const lines = linesOf(captured.lines, jobId!);
      expect(lines.map((line) => line.msg)).toEqual(['job started', 'job completed']);
      for (const line of lines) expect(line).toMatchObject({ requestId: 'abc123', queue: 'geocoding', job: 'geocode-business' });
    } finally {
      await worker.stop();
    }
  });

  describe('with a handler that logs on its own logger', () => {
    const captured = captureLogs('info');
    let runtime: Awaited<ReturnType<typeof startWorkers>>;
    let container: ReturnType<typeof createWorkerContainer>;

    beforeAll(async () => {
      // Logs through the process's other loggers, not the job's: only the job's async context can give them the id.
      const handler = defineHandler(JOBS.geocodeBusiness, async (payload) => {
        captured.logger.info({ businessId: payload.businessId }, 'handler before a wait');
        await sleep(50);
        captured.logger.info({ businessId: payload.businessId }, 'handler after a wait');
        if (payload.postcode === 'FAIL') throw Object.assign(new Error('no such place'), { permanent: true });
        return null;
      });
      container = createWorkerContainer(context.config);
      runtime = await startWorkers({
        registry: new Map([['geocoding', new Map([[JOBS.geocodeBusiness.name, handler]])]]),
        connection: container.redis,
        services: container.services,
        settings: loadWorkerSettings(context.config, {}),
        logger: captured.logger,
      });
    });

    afterAll(async () => {
      await runtime?.close();
      await container?.close();
    });

    it('every line written while a job runs carries the request id of that job, jobs running side by side included', async () => {
      const enqueue = (businessId: number) => context.producer.enqueue('geocodeBusiness', { businessId, postcode: 'SW1A 1AA' });
      const jobs = await Promise.all([
        withRequestId('request-one', () => enqueue(101)),
        withRequestId('request-two', () => enqueue(102)),
        enqueue(103),
      ]);
      for (const jobId of jobs) expect((await waitForJob(context.queues.geocoding, jobId!)).state).toBe('completed');

      const handlerLines = (businessId: number) => captured.lines.filter((line) => line.businessId === businessId);
      for (const [businessId, requestId] of [
        [101, 'request-one'],
        [102, 'request-two'],
      ] as const) {
        expect(handlerLines(businessId)).toEqual([
          expect.objectContaining({ msg: 'handler before a wait', requestId }),
          expect.objectContaining({ msg: 'handler after a wait', requestId }),
        ]);
      }
      expect(linesOf(captured.lines, jobs[0]!).every((line) => line.requestId === 'request-one')).toBe(true);
      // A job no request enqueued (a schedule's, another job's outside any request) has no id to carry.
      expect([...handlerLines(103), ...linesOf(captured.lines, jobs[2]!)].every((line) => !('requestId' in line))).toBe(true);
    });

    it('a failed job is logged with its request id and error', async () => {
      const jobId = await withRequestId('request-failing', () => context.producer.enqueue('geocodeBusiness', { businessId: 104, postcode: 'FAIL' }));
      expect((await waitForJob(context.queues.geocoding, jobId!)).state).toBe('failed');
      // The failed event is emitted after the job's state is written.
      await vi.waitFor(() => expect(linesOf(captured.lines, jobId!).map((line) => line.msg)).toEqual(['job started', 'job failed: no such place']));
      const lines = linesOf(captured.lines, jobId!);
      expect(lines[1]).toMatchObject({
        level: 50,
        requestId: 'request-failing',
        queue: 'geocoding',
        err: expect.objectContaining({ message: 'no such place' }),
      });
    });
  });
});
