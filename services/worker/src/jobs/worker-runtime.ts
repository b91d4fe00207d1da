import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobTelemetry, type QueueName, type Logger } from '@zaytoon/core';
import type { WorkerSettings } from '../worker.config';
import type { WorkerServices } from '../worker.container';
import type { HandlerRegistry } from './handler-registry';
import { createQueueProcessor, inJobContext, jobLogger } from './job-processor';

export interface WorkerRuntime {
  workers: Map<QueueName, Worker>;
  /** Stops taking jobs and waits for the ones in hand to finish (force: abandon them to stalled-job recovery). */
  close(force?: boolean): Promise<void>;
}

/** One BullMQ Worker per queue, each dispatching its jobs by name to their handlers. */
export async function startWorkers(options: {
  registry: HandlerRegistry;
  connection: Redis;
  services: WorkerServices;
  settings: WorkerSettings;
  logger: Logger;
  /** Called with each queue's worker (the metrics watch their jobs). */
  onWorker?: (queue: QueueName, worker: Worker) => void;
}): Promise<WorkerRuntime> {
  const { registry, connection, services, settings, logger } = options;
  const workers = new Map<QueueName, Worker>();
  const telemetry = jobTelemetry();
  for (const [queue, handlers] of registry) {
    const worker = new Worker(
      queue,
      createQueueProcessor(queue, handlers, { services, logger, testDelayMs: settings.testDelayMs, testJobTimeoutMs: settings.testJobTimeoutMs }),
      {
        connection,
        concurrency: queue === 'images' ? settings.imagesConcurrency : settings.concurrency,
        lockDuration: settings.lockDurationMs,
        stalledInterval: settings.stalledIntervalMs,
        // A job whose worker died runs once more; dying again fails it, so a job that crashes workers stops there.
        maxStalledCount: 1,
        telemetry,
      },
    );
    // Also for jobs that never reached the processor (stalled too often), so failures are logged here.
    worker.on('failed', (job, error) =>
      inJobContext(job, () => {
        const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError';
        const log = jobLogger(logger, queue, job);
        if (final) log.error({ err: error, attempts: job?.attemptsMade }, `job failed: ${error.message}`);
        else log.warn({ err: error, attempts: job.attemptsMade }, `attempt ${job.attemptsMade} failed, will retry: ${error.message}`);
      }),
    );
    worker.on('error', (error) => logger.error({ err: error, queue }, `worker error: ${error.message}`));
    options.onWorker?.(queue, worker);
    workers.set(queue, worker);
  }
  await Promise.all([...workers.values()].map((worker) => worker.waitUntilReady()));
  return {
    workers,
    async close(force = false) {
      await Promise.all([...workers.values()].map((worker) => worker.close(force)));
    },
  };
}
