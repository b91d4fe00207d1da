import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, type Job, type Processor } from 'bullmq';
import { z } from 'zod';
import type { WorkerServices } from '../worker.container';
import { JOB_TIMEOUT_MS, requestIdOfJob, type Logger, withRequestId } from '@zaytoon/core';
import type { JobHandler } from './job-handler';

/** Errors from core that say "retrying cannot help" carry `permanent: true` (e.g. ImageRejectedError). */
function isPermanent(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { permanent?: unknown }).permanent === true;
}

export interface ProcessorOptions {
  services: WorkerServices;
  logger: Logger;
  /** Test hook only (NODE_ENV=test): hold every job this long before handling it. */
  testDelayMs?: number;
  /** Test hook only (NODE_ENV=test): every job's deadline, in place of its definition's or its queue's. */
  testJobTimeoutMs?: number;
}

/** A job's attempt ran past its deadline; BullMQ retries it as any failure. */
export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}

/**
 * Settles with `work`, or rejects when `signal` aborts first: a handler that ignores its signal still frees the
 * worker's slot at the deadline (the promise it left behind settles unobserved).
 */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal, failure: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(failure());
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(failure());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  work.catch(() => {});
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

/** A job's lines: which job, on which queue. Its request id is added by the context the job runs in. */
export function jobLogger(logger: Logger, queue: string, job: Job | undefined): Logger {
  return logger.child({ jobId: job?.id, queue, job: job?.name });
}

/**
 * Runs `work` in the context of the request that enqueued `job`: every line logged meanwhile, by the job's
 * logger or by any other, carries that request's id.
 */
export function inJobContext<T>(job: Job | undefined, work: () => T): T {
  return withRequestId(requestIdOfJob(job?.data), work);
}

/**
 * One BullMQ processor per queue: dispatches by job name, checks the payload, marks hopeless jobs
 * unrecoverable, and logs each job's start and end (failures are logged by the runtime's failed event).
 */
export function createQueueProcessor(queue: string, handlers: Map<string, JobHandler>, options: ProcessorOptions): Processor {
  return (job: Job, _token?: string, cancelled?: AbortSignal) =>
    inJobContext(job, async () => {
      const log = jobLogger(options.logger, queue, job);
      log.info({ attempt: job.attemptsMade + 1 }, 'job started');
      const started = performance.now();
      const handler = handlers.get(job.name);
      if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${queue}"`);
      const sealed = handler.definition.sealed;
      let data: unknown = job.data;
      if (sealed?.length) {
        try {
          data = options.services.jobData.open(job.data as object, sealed);
        } catch {
          throw new UnrecoverableError(`Sealed payload of ${job.name} does not open with this worker's job data key`);
        }
      }
      const parsed = handler.definition.payload.safeParse(data);
      if (!parsed.success) throw new UnrecoverableError(`Invalid payload for ${job.name}: ${z.prettifyError(parsed.error)}`);
      if (options.testDelayMs) await sleep(options.testDelayMs);
      const timeoutMs = options.testJobTimeoutMs ?? handler.definition.timeoutMs ?? JOB_TIMEOUT_MS[handler.definition.queue];
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = cancelled ? AbortSignal.any([deadline, cancelled]) : deadline;
      const timedOut = () => new JobTimeoutError(deadline.aborted ? `job timed out after ${timeoutMs / 1000} s` : 'job cancelled');
      let result: unknown;
      try {
        result = (await unlessAborted(handler.handle(parsed.data, { services: options.services, job, log, signal }), signal, timedOut)) ?? null;
      } catch (error) {
        if (isPermanent(error)) throw new UnrecoverableError((error as Error).message);
        throw error;
      }
      log.info({ durationMs: Math.round(performance.now() - started) }, 'job completed');
      return result;
    });
}
