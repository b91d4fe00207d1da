import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { currentRequestId } from '../logging/request-context';
import { jobTelemetry } from '../telemetry/job-telemetry';
import type { JobDataCipher } from './job-data-cipher';
import { JOBS, QUEUES, type JobName, type JobPayload, type JobTrace, type QueueName } from './job-definitions';

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

/**
 * Producer side of every queue, and the one place jobs are enqueued: payloads are checked against the
 * job definition before they leave, and carry the current request id (JobTrace).
 */
export class JobQueueRepository {
  readonly queues: Record<QueueName, Queue>;

  constructor(
    connection: Redis,
    /** Seals the fields a definition marks `sealed`; a producer without it refuses such jobs. */
    private readonly cipher?: JobDataCipher,
  ) {
    const telemetry = jobTelemetry();
    this.queues = Object.fromEntries(
      Object.values(QUEUES).map((name) => {
        const queue = new Queue(name, { connection, defaultJobOptions: DEFAULT_JOB_OPTIONS, telemetry });
        // The connection's outage is logged once where it is made (redis-connection.ts); without a listener
        // BullMQ prints every reconnect failure of every queue to stderr.
        queue.on('error', () => {});
        return [name, queue];
      }),
    ) as Record<QueueName, Queue>;
  }

  async enqueue<N extends JobName>(jobName: N, payload: JobPayload<N>, options: JobsOptions = {}): Promise<string | undefined> {
    const definition = JOBS[jobName];
    const parsed = definition.payload.parse(payload);
    const jobId = 'jobId' in definition && definition.jobId ? (definition.jobId as (p: unknown) => string)(parsed) : undefined;
    // While one runs, one more is kept: what changed during the run is not missed.
    const deduplication =
      'deduplicationId' in definition && definition.deduplicationId
        ? { id: (definition.deduplicationId as (p: unknown) => string)(parsed), keepLastIfActive: true }
        : undefined;
    const requestId = currentRequestId();
    const sealed = 'sealed' in definition && definition.sealed ? definition.sealed : undefined;
    if (sealed && !this.cipher) throw new Error(`${definition.name} carries sealed fields: this producer has no job data key`);
    const payloadAtRest = sealed ? this.cipher!.seal(parsed as object, sealed) : parsed;
    const data = (requestId ? { ...payloadAtRest, requestId } : payloadAtRest) as typeof parsed & JobTrace;
    const job = await this.queues[definition.queue].add(definition.name, data, { jobId, deduplication, ...definition.options, ...options });
    return job.id;
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.queues).map((queue) => queue.close()));
  }
}
