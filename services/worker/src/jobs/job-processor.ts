import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, type Job, type Processor } from 'bullmq';
import { z } from 'zod';
import type { WorkerServices } from '../worker.container.ts';
import type { JobHandler } from './job-handler.ts';

/** Errors from core that say "retrying cannot help" carry `permanent: true` (e.g. ImageRejectedError). */
function isPermanent(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { permanent?: unknown }).permanent === true;
}

export interface ProcessorOptions {
  services: WorkerServices;
  log: (message: string) => void;
  /** Test hook only (NODE_ENV=test): hold every job this long before handling it. */
  testDelayMs?: number;
}

/** One BullMQ processor per queue: dispatches by job name, checks the payload, and marks hopeless jobs unrecoverable. */
export function createQueueProcessor(queue: string, handlers: Map<string, JobHandler>, options: ProcessorOptions): Processor {
  return async (job: Job) => {
    const handler = handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${queue}"`);
    const parsed = handler.definition.payload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Invalid payload for ${job.name}: ${z.prettifyError(parsed.error)}`);
    if (options.testDelayMs) await sleep(options.testDelayMs);
    const log = (message: string) => options.log(`[${queue}] ${job.name}#${job.id}: ${message}`);
    try {
      return (await handler.handle(parsed.data, { services: options.services, job, log })) ?? null;
    } catch (error) {
      if (isPermanent(error)) throw new UnrecoverableError((error as Error).message);
      throw error;
    }
  };
}
