import type { Job } from 'bullmq';
import type { z } from 'zod';
import type { JobDefinition } from '@zaytoon/core/jobs/job-definitions.ts';
import type { WorkerServices } from '../worker.container.ts';

export interface JobContext {
  services: WorkerServices;
  job: Job;
  log: (message: string) => void;
}

/** One handler per job definition; the payload reaching `handle` has passed the definition's schema. */
export interface JobHandler<D extends JobDefinition = JobDefinition> {
  definition: D;
  handle: (payload: z.output<D['payload']>, context: JobContext) => Promise<unknown>;
}

export function defineHandler<D extends JobDefinition>(definition: D, handle: JobHandler<D>['handle']): JobHandler<D> {
  return { definition, handle };
}
