import type { Job } from 'bullmq';
import type { z } from 'zod';
import type { JobDefinition, Logger } from '@zaytoon/core';
import type { WorkerServices } from '../worker.container';

export interface JobContext {
  services: WorkerServices;
  job: Job;
  /** Bound to the job (jobId, queue, job); the request id comes with every line, as the job runs in its context. */
  log: Logger;
  /** Aborts at the job's deadline (JOB_TIMEOUT_MS) or when the job is cancelled: pass it to whatever waits on the network. */
  signal: AbortSignal;
}

/** One handler per job definition; the payload reaching `handle` has passed the definition's schema. */
export interface JobHandler<D extends JobDefinition = JobDefinition> {
  definition: D;
  handle: (payload: z.output<D['payload']>, context: JobContext) => Promise<unknown>;
}

export function defineHandler<D extends JobDefinition>(definition: D, handle: JobHandler<D>['handle']): JobHandler<D> {
  return { definition, handle };
}
