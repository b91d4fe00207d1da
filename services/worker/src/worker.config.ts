import { z } from 'zod';
import { type Config, OPEN_DATA_REBUILD_EVERY_MS, STATISTICS_REFRESH_EVERY_MS } from '@zaytoon/core';

const optionalInt = (min: number) => z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(min).optional());

// Worker-only knobs on top of core's Config (which already holds WORKER_CONCURRENCY).
const workerEnvSchema = z.object({
  WORKER_IMAGES_CONCURRENCY: optionalInt(1),
  WORKER_LOCK_DURATION_MS: optionalInt(1_000),
  WORKER_STALLED_INTERVAL_MS: optionalInt(500),
  STATISTICS_REFRESH_EVERY_MS: optionalInt(1_000),
  OPEN_DATA_REBUILD_EVERY_MS: optionalInt(1_000),
  WORKER_TEST_DELAY_MS: optionalInt(0),
  WORKER_TEST_JOB_TIMEOUT_MS: optionalInt(1),
  WORKER_METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional()),
  WORKER_METRICS_HOST: z.string().min(1).optional(),
});

export interface WorkerSettings {
  concurrency: number;
  /** sharp is CPU-heavy: few images at a time keep lock renewal and the other queues responsive. */
  imagesConcurrency: number;
  /**
   * A killed worker's job runs again at most lock + interval after the kill (the lock expires, then the next
   * stalled check takes it): 35 s by default, so a dead worker's job is redone within a minute.
   */
  lockDurationMs: number;
  stalledIntervalMs: number;
  statisticsEveryMs: number;
  /** How often the open data files' changed segments are rebuilt (a change is in them within 2 minutes). */
  openDataEveryMs: number;
  /** Honoured only when NODE_ENV=test: lets tests catch a job mid-flight. */
  testDelayMs: number;
  /** Honoured only when NODE_ENV=test: every job's deadline, so a test sees one pass. */
  testJobTimeoutMs?: number;
  /** Where the worker serves its Prometheus metrics (GET /metrics); none without WORKER_METRICS_PORT. */
  metrics?: { host: string; port: number };
}

export function loadWorkerSettings(config: Config, env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const result = workerEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid worker configuration: ${problems}`);
  }
  const values = result.data;
  return {
    concurrency: config.WORKER_CONCURRENCY,
    imagesConcurrency: values.WORKER_IMAGES_CONCURRENCY ?? Math.min(2, config.WORKER_CONCURRENCY),
    lockDurationMs: values.WORKER_LOCK_DURATION_MS ?? 20_000,
    stalledIntervalMs: values.WORKER_STALLED_INTERVAL_MS ?? 15_000,
    statisticsEveryMs: values.STATISTICS_REFRESH_EVERY_MS ?? STATISTICS_REFRESH_EVERY_MS,
    openDataEveryMs: values.OPEN_DATA_REBUILD_EVERY_MS ?? OPEN_DATA_REBUILD_EVERY_MS,
    testDelayMs: config.NODE_ENV === 'test' ? (values.WORKER_TEST_DELAY_MS ?? 0) : 0,
    testJobTimeoutMs: config.NODE_ENV === 'test' ? values.WORKER_TEST_JOB_TIMEOUT_MS : undefined,
    metrics:
      values.WORKER_METRICS_PORT === undefined ? undefined : { host: values.WORKER_METRICS_HOST ?? '127.0.0.1', port: values.WORKER_METRICS_PORT },
  };
}
