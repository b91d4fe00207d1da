import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueName } from '@zaytoon/core/jobs/job-definitions.ts';
import type { WorkerSettings } from '../worker.config.ts';
import type { WorkerServices } from '../worker.container.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { createQueueProcessor } from './job-processor.ts';

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
  log: (message: string) => void;
}): Promise<WorkerRuntime> {
  const { registry, connection, services, settings, log } = options;
  const workers = new Map<QueueName, Worker>();
  for (const [queue, handlers] of registry) {
    const worker = new Worker(queue, createQueueProcessor(queue, handlers, { services, log, testDelayMs: settings.testDelayMs }), {
      connection,
      concurrency: queue === 'images' ? settings.imagesConcurrency : settings.concurrency,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
    });
    worker.on('failed', (job, error) => {
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError';
      log(`[${queue}] ${job?.name}#${job?.id} ${final ? 'failed' : `attempt ${job?.attemptsMade} failed, will retry`}: ${error.message}`);
    });
    worker.on('error', (error) => log(`[${queue}] worker error: ${error.message}`));
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
