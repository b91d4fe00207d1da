import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Job, type Queue } from 'bullmq';
import type pg from 'pg';
import {
  loadConfig,
  type Config,
  createPool,
  QUEUES,
  type QueueName,
  JobDataCipher,
  JobQueueRepository,
  createQueueConnection,
  type Logger,
} from '@zaytoon/core';
import { createMigratedDatabase } from '@zaytoon/core/testing';
import { startMailCatcher, type MailCatcher } from '@zaytoon/infra/mail-catcher';
import { bootWorker, type RunningWorker } from '../worker';
import { loadWorkerSettings } from '../worker.config';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must point at the real test service (npm test provides it)`);
  return value;
}

/**
 * The worker suites' Redis: the REDIS_URL server, a logical database per test worker, WORKER_TEST_REDIS_DB (default 2)
 * for the first and the next for the second, so that files running side by side never meet each other's queues (their
 * names are fixed), nor the API suites' keys.
 */
function testRedisUrl(): string {
  const url = new URL(requireEnv('REDIS_URL'));
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  url.pathname = `/${Number(process.env.WORKER_TEST_REDIS_DB ?? '2') + worker - 1}`;
  return url.toString();
}

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  date: string;
}

/**
 * Mail goes to the dev catcher `npm test` runs (SMTP_HOST/SMTP_PORT + MAIL_CATCHER_HTTP_PORT),
 * or, when there is none, to the same catcher started here on free ports.
 */
async function mailSetup(): Promise<{ env: Record<string, string>; inboxUrl: string; close: () => Promise<void> }> {
  if (process.env.MAIL_CATCHER_HTTP_PORT) {
    return {
      env: { SMTP_HOST: process.env.SMTP_HOST ?? 'localhost', SMTP_PORT: requireEnv('SMTP_PORT') },
      inboxUrl: `http://localhost:${process.env.MAIL_CATCHER_HTTP_PORT}`,
      close: async () => {},
    };
  }
  const catcher: MailCatcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(catcher.smtpPort) },
    inboxUrl: `http://127.0.0.1:${catcher.httpPort}`,
    close: () => catcher.close(),
  };
}

export interface TestContext {
  /** Environment for a worker over this context's database, Redis, mailbox and upload folder. */
  env: Record<string, string>;
  config: Config;
  db: pg.Pool;
  uploadDir: string;
  /** The API's side of the queues: a fail-fast producer, as services/api uses. */
  producer: JobQueueRepository;
  queues: Record<QueueName, Queue>;
  /** Mails to `to`, newest first. */
  mailsTo(to: string): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

export async function createTestContext(): Promise<TestContext> {
  const database = await createMigratedDatabase(requireEnv('DATABASE_URL'), 'worker_test');
  const mail = await mailSetup();
  const uploadDir = await mkdtemp(join(tmpdir(), 'zaytoon-worker-uploads-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PRODUCT_NAME: 'Zaytoon',
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    UPLOAD_DIR: uploadDir,
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    SMTP_PASS: '',
    MAIL_FROM: 'Zaytoon <no-reply@zaytoon.local>',
    WORKER_CONCURRENCY: '4',
    GEOCODER_URL: '',
    ...mail.env,
  };
  const config = loadConfig({ ...process.env, ...env });
  const db = createPool(database.url, 4);
  const connection = createQueueConnection(env.REDIS_URL, 'producer');
  await waitForReady(connection);
  const producer = new JobQueueRepository(connection, new JobDataCipher(config));
  // Start from empty queues: leftovers of an earlier run must not be processed against this database.
  await Promise.all(Object.values(producer.queues).map((queue) => queue.obliterate({ force: true })));

  return {
    env,
    config,
    db,
    uploadDir,
    producer,
    queues: producer.queues,
    async mailsTo(to) {
      const response = await fetch(`${mail.inboxUrl}/messages.json?to=${encodeURIComponent(to)}`);
      if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
      return (await response.json()) as CaughtMail[];
    },
    async close() {
      await Promise.all(Object.values(producer.queues).map((queue) => queue.obliterate({ force: true }).catch(() => {})));
      await producer.close();
      connection.disconnect();
      await db.end();
      await mail.close();
      await rm(uploadDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

async function waitForReady(connection: { status: string; once: (event: string, cb: () => void) => unknown }) {
  if (connection.status === 'ready') return;
  await new Promise<void>((resolve) => connection.once('ready', resolve));
}

/** The worker in this process, as main.ts boots it (logging to `logger` when given). */
export async function startWorker(context: TestContext, extraEnv: Record<string, string> = {}, logger?: Logger): Promise<RunningWorker> {
  const env = { ...process.env, ...context.env, ...extraEnv };
  const config = loadConfig(env);
  return bootWorker({ config, settings: loadWorkerSettings(config, env), logger });
}

export interface WorkerChild {
  process: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  ready: Promise<void>;
}

/** `tsx services/worker/src/main.ts` as its own process, the way `npm start` runs it. */
export function spawnWorker(context: TestContext, extraEnv: Record<string, string> = {}): WorkerChild {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/worker/src/main.ts'], {
    cwd: repoRoot,
    // At info, so the ready and shutdown lines the tests wait for are written.
    env: { ...process.env, ...context.env, LOG_LEVEL: 'info', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready: queues')) markReady();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const readyOrExit = Promise.race([ready, exited.then(() => Promise.reject(new Error(`worker exited before ready:\n${output}`)))]);
  readyOrExit.catch(() => {}); // only an error for tests that wait for readiness
  return { process: child, output: () => output, exited, ready: readyOrExit };
}

/** Takes every worker out of `children` and SIGKILLs those still running, waiting for each to exit. */
export async function killWorkers(children: WorkerChild[]): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
  }
}

export interface JobResult {
  state: string;
  returnvalue: any;
  failedReason?: string;
  attemptsMade: number;
}

/** Polls until the job is completed or failed for good. */
export async function waitForJob(queue: Queue, jobId: string, timeoutMs = 20_000): Promise<JobResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed' || state === 'failed') {
      // Read the job after its state is final, so its fields are the final ones too.
      const job = (await Job.fromId(queue, jobId))!;
      return { state, returnvalue: job.returnvalue, failedReason: job.failedReason, attemptsMade: job.attemptsMade };
    }
    if (Date.now() > deadline) throw new Error(`job ${queue.name}/${jobId} still ${state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const ALL_QUEUES = Object.values(QUEUES);
