/**
 * npm run bench:jobs — how fast the job edge works: real worker processes
 * (services/worker/src/main.ts) over their own Postgres database and Redis, mail into a local SMTP
 * catcher, a real JPEG through sharp, cascades on seeded businesses, link checks of a page served by a local HTTP server. For each queue and each run
 * (worker processes × WORKER_CONCURRENCY) it enqueues a burst of jobs at once and prints jobs/s and
 * p50/p95 job latency, enqueue → completed, from BullMQ's own job timestamps (`timestamp`,
 * `processedOn`, `finishedOn`). Right before and right after each queue's burst, a burst of no-op jobs
 * (as many, and at least NOOP_MIN_BURST) goes to that queue's twin, served by no-op worker processes of the
 * same shape (processes, a Worker per queue, the same concurrency). The faster of the two is the ceiling,
 * what BullMQ on this machine does with jobs that do nothing, and each queue's jobs/s is also printed as a
 * share of it. A script, not a test: numbers vary with the machine and its load.
 *
 * Settings: BENCH_JOBS_RUNS (default "1x1,1x4,1x16,2x4": processes x concurrency),
 * BENCH_JOBS_SCALE (default 1: multiplies every burst), PORT_OFFSET (Postgres 5437, Redis 6384),
 * BENCH_DATABASE_URL / BENCH_REDIS_URL to use running servers instead (database zaytoon_bench_jobs
 * is dropped and recreated; the Redis is emptied, so never point it at data you keep).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Job, Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import sharp from 'sharp';
import { createPool, JOBS, QUEUES, type JobName, type QueueName, JobDataCipher, DEFAULT_JOB_OPTIONS } from '@zaytoon/core';
import { repoRoot } from '../dev/config';
import { startMailCatcher } from '../dev/mail-catcher';
import { stackEnv, workerMailEnv } from './bench-env';
import { percentile, provisionBenchStack, type BenchStack } from './bench-stack';
import { expectNone, full, smokeExitCode } from './smoke';

const SCALE = full(Number(process.env.BENCH_JOBS_SCALE || 1), 0.02);
const RUNS = full(process.env.BENCH_JOBS_RUNS || '1x1,1x4,1x16,2x4', '1x4')
  .split(',')
  .map((run) => {
    const [processes, concurrency] = run.trim().split(/x|×/).map(Number);
    if (!(processes >= 1 && concurrency >= 1)) throw new Error(`BENCH_JOBS_RUNS: "${run}" is not <processes>x<concurrency>`);
    return { processes, concurrency };
  });
const BURST: Record<QueueName, number> = {
  emails: Math.max(2, Math.round(600 * SCALE)),
  images: Math.max(2, Math.round(100 * SCALE)),
  moderation: Math.max(2, Math.round(300 * SCALE)),
  statistics: Math.max(2, Math.round(200 * SCALE)),
  geocoding: Math.max(2, Math.round(800 * SCALE)),
  links: Math.max(2, Math.round(400 * SCALE)),
};
const PHASE_TIMEOUT_MS = 120_000;
/** A no-op burst of 100 is over in a tenth of a second, too short to read a rate from. */
const NOOP_MIN_BURST = full(1000, 20);

interface Planned {
  name: JobName;
  data: Record<string, unknown>;
}

/** A job as BullMQ is given it. */
interface Enqueued {
  name: string;
  data: unknown;
}

interface Measured {
  jobs: number;
  'jobs/s': string;
  'p50 ms': string;
  'p95 ms': string;
  'p95 run ms': string;
  failed: number;
}

interface Row extends Measured {
  queue: string;
  workers: string;
  'no-op jobs/s': string;
  'of no-op': string;
}

/** The twin of a real queue, worked by the no-op processes. */
const noopQueueName = (queue: QueueName) => `bench-noop-${queue}`;

/**
 * A worker process that does nothing with its jobs, laid out as services/worker is: one connection, one
 * BullMQ Worker per queue in NOOP_QUEUES ([name, concurrency] pairs). Plain node, no tsx, nothing of ours loaded.
 */
const NOOP_WORKER = `
const { Worker } = require('bullmq');
const { Redis } = require('ioredis');
const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
const workers = JSON.parse(process.env.NOOP_QUEUES).map(([name, concurrency]) => new Worker(name, async () => null, { connection, concurrency }));
Promise.all(workers.map((worker) => worker.waitUntilReady())).then(() => console.log('no-op worker ready'));
process.on('SIGTERM', () => Promise.all(workers.map((worker) => worker.close())).then(() => process.exit(0)));
`;

/** A small photo-like JPEG (1024×768 with grain, about 100 KB): the kind of file people upload. */
async function sampleJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 1024, height: 768, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Real postcode districts from the bundled table, so geocoding does the lookup it does in production. */
function sampleOutcodes(): string[] {
  const lines = readFileSync(join(repoRoot, 'services/core/src/geo/uk-outcodes.csv'), 'utf8').trim().split('\n').slice(1);
  return lines.map((line) => line.split(',')[0]);
}

class Fixtures {
  private members: number[] = [];
  private adminId = 0;
  private imageUsers: number[] = [];
  private readonly outcodes = sampleOutcodes();
  private jpeg!: Buffer;
  /** A local page for the link checks (the workers run with LINK_CHECK_ALLOW_PRIVATE to reach it). */
  private pageServer?: Server;
  private pageUrl = '';

  constructor(
    private readonly db: pg.Pool,
    private readonly uploadDir: string,
  ) {}

  async load(): Promise<void> {
    this.jpeg = await sampleJpeg();
    const { rows } = await this.db.query<{ id: number; is_admin: boolean }>('SELECT id, is_admin FROM users ORDER BY id');
    this.adminId = rows.find((row) => row.is_admin)!.id;
    this.members = rows
      .filter((row) => !row.is_admin)
      .map((row) => row.id)
      .slice(0, 3);
    const inserted = await this.db.query<{ id: number }>(
      `INSERT INTO users (email, username, name, password_hash)
       SELECT 'bench-img-' || g || '@example.com', 'bench_img_' || g, 'Bench Image ' || g, 'not-a-real-hash'
         FROM generate_series(1, $1) g RETURNING id`,
      [BURST.images],
    );
    this.imageUsers = inserted.rows.map((row) => row.id);
    const page = '<!doctype html><html><head><title>A public statement</title></head><body><p>We stand with Palestine.</p></body></html>';
    this.pageServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
    await new Promise<void>((resolve) => this.pageServer!.listen(0, '127.0.0.1', resolve));
    this.pageUrl = `http://127.0.0.1:${(this.pageServer.address() as AddressInfo).port}`;
    console.log(
      `fixtures: ${this.jpeg.length} byte JPEG (1024×768), ${this.imageUsers.length} users for avatars, ${this.outcodes.length} postcode districts`,
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.pageServer ? this.pageServer.close(() => resolve()) : resolve()));
  }

  async plan(queue: QueueName, run: string): Promise<Planned[]> {
    const n = BURST[queue];
    switch (queue) {
      case 'emails':
        return Array.from({ length: n }, (_, i) =>
          i % 2 === 0
            ? { name: 'sendResetCode', data: { to: `bench-${run}-${i}@example.com`, name: `Bench ${i}`, code: String(100000 + i).slice(-6) } }
            : { name: 'sendPasswordChanged', data: { to: `bench-${run}-${i}@example.com`, name: `Bench ${i}` } },
        );
      case 'images': {
        mkdirSync(join(this.uploadDir, 'originals'), { recursive: true });
        return this.imageUsers.slice(0, n).map((userId) => {
          const originalKey = `originals/${randomUUID()}`;
          writeFileSync(join(this.uploadDir, originalKey), this.jpeg);
          return { name: 'resizeAvatar', data: { userId, originalKey } };
        });
      }
      case 'moderation': {
        // Each doomed business has 3 votes, 2 comments, a suggestion and 2 reports (one approved), like a real removal.
        const [a, b, c] = this.members;
        const { rows } = await this.db.query<{ business_id: number; report_id: number }>(
          `WITH doomed AS (
             INSERT INTO businesses (name, address, city, postcode, category, owner_id)
             SELECT 'Bench doomed ' || $1 || ' ' || g, '1 High Street', 'London', 'SW1A 1AA', 'Cafe', $2
               FROM generate_series(1, $3) g RETURNING id
           ), v AS (
             INSERT INTO votes (business_id, user_id, vote_type)
             SELECT d.id, u.id, CASE WHEN u.n = 1 THEN 'downvote' ELSE 'upvote' END
               FROM doomed d CROSS JOIN unnest(ARRAY[$2, $4, $5]::int[]) WITH ORDINALITY AS u(id, n)
           ), cm AS (
             INSERT INTO comments (business_id, user_id, comment_text)
             SELECT d.id, u, 'Bench comment' FROM doomed d CROSS JOIN unnest(ARRAY[$2, $4]::int[]) u
           ), s AS (
             INSERT INTO suggestions (business_id, user_id, field_name, suggested_value, suggestion_type)
             SELECT id, $4, 'phone', '0123', 'add_missing' FROM doomed
           ), other AS (
             INSERT INTO reports (business_id, reported_by, reason) SELECT id, $5, 'Other' FROM doomed
           )
           INSERT INTO reports (business_id, reported_by, reason, status, reviewed_by, reviewed_at)
           SELECT id, $4, 'Spam or duplicate', 'approved', $6, now() FROM doomed
           RETURNING business_id, id AS report_id`,
          [run, a, n, b, c, this.adminId],
        );
        return rows.map((row) => ({
          name: 'approveReportCascade',
          data: { reportId: row.report_id, businessId: row.business_id, adminId: this.adminId },
        }));
      }
      case 'statistics':
        return Array.from({ length: n }, () => ({ name: 'refreshStatistics', data: { reason: 'bench' } }));
      case 'geocoding': {
        const postcodes = Array.from({ length: n }, (_, i) => `${this.outcodes[(i * 7919) % this.outcodes.length]} 1AA`);
        const { rows } = await this.db.query<{ id: number; postcode: string }>(
          `INSERT INTO businesses (name, address, city, postcode, category)
           SELECT 'Bench place ' || $1 || ' ' || p.n, '1 High Street', 'Somewhere', p.postcode, 'Cafe'
             FROM unnest($2::text[]) WITH ORDINALITY AS p(postcode, n)
           RETURNING id, postcode`,
          [run, postcodes],
        );
        return rows.map((row) => ({ name: 'geocodeBusiness', data: { businessId: row.id, postcode: row.postcode } }));
      }
      case 'links': {
        const { rows } = await this.db.query<{ id: number }>(
          `WITH place AS (
             INSERT INTO businesses (name, address, city, postcode, category) VALUES ('Bench sources ' || $1, '1 High Street', 'London', 'SW1A 1AA', 'Cafe')
             RETURNING id
           )
           INSERT INTO business_sources (business_id, kind, url, description, source_date)
           SELECT place.id, 'Public statement', $2 || '/statement/' || g, 'Bench statement', current_date FROM place, generate_series(1, $3) g
           RETURNING id`,
          [run, this.pageUrl, n],
        );
        return rows.map((row) => ({ name: 'checkSourceLink', data: { sourceId: row.id } }));
      }
    }
  }
}

function redisConnection(url: string): Redis {
  const connection = new Redis(url, { maxRetriesPerRequest: null });
  connection.on('error', (error) => console.error(`[bench redis] ${error.message}`));
  return connection;
}

/** Enqueues one burst and waits until every job of it is completed or failed for good. */
async function measure(queue: Queue, events: QueueEvents, burst: Enqueued[], run: string): Promise<Measured> {
  const ids = burst.map((_, i) => `bench-${run}-${queue.name}-${i}`);
  const pending = new Set(ids);
  let failed = 0;
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${queue.name}: ${pending.size} of ${ids.length} jobs unfinished after ${PHASE_TIMEOUT_MS} ms`)),
      PHASE_TIMEOUT_MS,
    );
    const settle = (jobId: string, outcome: 'completed' | 'failed') => {
      if (!pending.delete(jobId)) return;
      if (outcome === 'failed') failed++;
      if (pending.size === 0) {
        clearTimeout(timer);
        events.off('completed', onCompleted);
        events.off('failed', onFailed);
        resolve();
      }
    };
    const onCompleted = ({ jobId }: { jobId: string }) => settle(jobId, 'completed');
    // A failed attempt that will be retried is not final: only count jobs whose attempts are spent.
    const onFailed = async ({ jobId }: { jobId: string }) => {
      if (!pending.has(jobId)) return;
      const state = await queue.getJobState(jobId);
      if (state === 'failed') settle(jobId, 'failed');
    };
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
  });

  // What the API's enqueue sets (attempts, backoff), kept long enough to read the timestamps back.
  // The job definitions' own options (e.g. statistics coalescing) are left out: every job here runs.
  const options: JobsOptions = { ...DEFAULT_JOB_OPTIONS, removeOnComplete: { count: 10_000 }, removeOnFail: { count: 10_000 } };
  await queue.addBulk(burst.map((job, i) => ({ ...job, opts: { ...options, jobId: ids[i] } })));
  await done;

  const jobs = (await Promise.all(ids.map((id) => Job.fromId(queue, id)))).filter((job): job is Job => !!job && !!job.finishedOn);
  const latencies = jobs.map((job) => job.finishedOn! - job.timestamp).sort((a, b) => a - b);
  const running = jobs.map((job) => job.finishedOn! - (job.processedOn ?? job.timestamp)).sort((a, b) => a - b);
  const first = Math.min(...jobs.map((job) => job.timestamp));
  const last = Math.max(...jobs.map((job) => job.finishedOn!));
  return {
    jobs: ids.length,
    'jobs/s': ((jobs.length - failed) / Math.max(0.001, (last - first) / 1000)).toFixed(0),
    'p50 ms': percentile(latencies, 50).toFixed(0),
    'p95 ms': percentile(latencies, 95).toFixed(0),
    'p95 run ms': percentile(running, 95).toFixed(0),
    failed,
  };
}

async function main() {
  const started = Date.now();
  let stack: BenchStack | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  try {
    stack = await provisionBenchStack({
      name: 'bench-jobs',
      database: 'zaytoon_bench_jobs',
      postgresPort: 5437,
      redisPort: 6384,
      externalDatabaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      externalRedisUrl: process.env.BENCH_REDIS_URL || undefined,
      seedAdminPassword: 'admin-dev-password',
    });
    const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1', limit: 50 });
    closers.push(() => catcher.close());
    const db = createPool(stack.databaseUrl, 4);
    closers.push(() => db.end());
    const producer = redisConnection(stack.redisUrl);
    closers.push(async () => producer.disconnect());
    await producer.flushdb();

    const watched = async (name: string) => {
      const queue = new Queue(name, { connection: producer });
      const listener = new QueueEvents(name, { connection: redisConnection(stack!.redisUrl) });
      await listener.waitUntilReady();
      closers.push(
        () => listener.close(),
        () => queue.close(),
      );
      return { queue, events: listener };
    };
    const real = new Map<QueueName, { queue: Queue; events: QueueEvents }>();
    const noop = new Map<QueueName, { queue: Queue; events: QueueEvents }>();
    for (const name of Object.values(QUEUES)) {
      real.set(name, await watched(name));
      noop.set(name, await watched(noopQueueName(name)));
    }

    const fixtures = new Fixtures(db, stack.uploadDir);
    await fixtures.load();
    closers.push(() => fixtures.close());
    // Sealed job fields (the reset code) are encrypted as the API does, with the key the workers open them with.
    const sessionSecret = 'bench-jobs-session-secret-0123456789';
    const cipher = new JobDataCipher({ SESSION_SECRET: sessionSecret });
    const payloadAtRest = (name: JobName, data: unknown) => {
      const definition = JOBS[name];
      const parsed = definition.payload.parse(data) as object;
      return 'sealed' in definition && definition.sealed ? cipher.seal(parsed, definition.sealed) : parsed;
    };
    const workerEnv = {
      ...stackEnv(stack),
      SESSION_SECRET: sessionSecret,
      ...workerMailEnv(catcher.smtpPort),
      PRODUCT_NAME: 'Zaytoon',
      // Only the bursts here: no scheduled refresh in the middle of a measurement.
      STATISTICS_REFRESH_EVERY_MS: '3600000',
      LINK_CHECK_ALLOW_PRIVATE: 'true',
      // What production writes for every job (two JSON lines), not development's far costlier readable lines;
      // at info whatever the caller's LOG_LEVEL, as the bench waits for the worker's ready line.
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    };

    const rows: Row[] = [];
    for (const { processes, concurrency } of RUNS) {
      const run = `${processes}x${concurrency}`;
      const env = { ...workerEnv, WORKER_CONCURRENCY: String(concurrency) };
      const perProcess = (queue: QueueName) => (queue === 'images' ? Math.min(2, concurrency) : concurrency);
      const noopEnv = {
        REDIS_URL: stack.redisUrl,
        NOOP_QUEUES: JSON.stringify(Object.values(QUEUES).map((queue) => [noopQueueName(queue), perProcess(queue)])),
      };
      const workers = Array.from({ length: processes }, (_, i) => stack!.startService(`worker-${run}-${i + 1}`, 'services/worker/src/main.ts', env));
      const noopWorkers = Array.from({ length: processes }, (_, i) => stack!.startService(`noop-${run}-${i + 1}`, ['-e', NOOP_WORKER], noopEnv));
      await Promise.all([
        ...workers.map((worker) => worker.waitForOutput(/ready: queues/, 60_000)),
        ...noopWorkers.map((worker) => worker.waitForOutput(/no-op worker ready/, 60_000)),
      ]);
      console.log(`run ${run}: ${processes} worker process${processes > 1 ? 'es' : ''} (and as many no-op ones), WORKER_CONCURRENCY=${concurrency}`);
      for (const queue of Object.values(QUEUES)) {
        const burst = (await fixtures.plan(queue, run)).map((job) => ({ name: JOBS[job.name].name, data: payloadAtRest(job.name, job.data) }));
        const twin = noop.get(queue)!;
        const noopBurst = Array.from({ length: Math.max(burst.length, NOOP_MIN_BURST) }, (_, i) => ({ name: 'noop', data: { i } }));
        const noopBefore = await measure(twin.queue, twin.events, noopBurst, `${run}-before`);
        const result = await measure(real.get(queue)!.queue, real.get(queue)!.events, burst, run);
        const noopAfter = await measure(twin.queue, twin.events, noopBurst, `${run}-after`);
        expectNone(result.failed, `${queue} jobs failed for good (run ${run})`);
        // A dip in one of them is the machine's other work (it is shared), not BullMQ's ceiling.
        const ceiling = Number(noopBefore['jobs/s']) > Number(noopAfter['jobs/s']) ? noopBefore : noopAfter;
        const share = Number(result['jobs/s']) / Math.max(1, Number(ceiling['jobs/s']));
        const row: Row = {
          queue,
          workers: `${processes}×${perProcess(queue)}`,
          ...result,
          'no-op jobs/s': ceiling['jobs/s'],
          'of no-op': `${(share * 100).toFixed(1)}%`,
        };
        console.log(
          `  ${queue.padEnd(10)} ${String(row.jobs).padStart(4)} jobs  ${row['jobs/s'].padStart(5)} jobs/s  p95 ${row['p95 ms']} ms` +
            `  | no-op ${row['no-op jobs/s'].padStart(5)} jobs/s  -> ${row['of no-op']} of the ceiling`,
        );
        rows.push(row);
      }
      await Promise.all([...workers, ...noopWorkers].map((worker) => worker.stop()));
    }

    const byQueue = Object.values(QUEUES).flatMap((queue) => rows.filter((row) => row.queue === queue));
    console.log('');
    console.table(byQueue);
    console.log(
      [
        `Machine: ${cpus().length} CPU(s), Node ${process.version}; total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
        'Each row: one burst enqueued at once (addBulk); latency = finishedOn - timestamp of each job (queueing included),',
        `"no-op jobs/s" = a burst as big (at least ${NOOP_MIN_BURST}) of jobs that do nothing, on twin queues worked by no-op`,
        'processes of the same shape, the faster of a run just before and one just after; "of no-op" = jobs/s as a share',
        "of it (BullMQ's ceiling on this machine).",
        '"p95 run ms" = finishedOn - processedOn (the handler alone). workers = processes × jobs in flight per process',
        '(images: WORKER_IMAGES_CONCURRENCY, default min(2, WORKER_CONCURRENCY)). Statistics jobs are not coalesced here',
        '(the API coalesces refresh requests); emails go to a local SMTP catcher over nodemailer (pool of 2 connections).',
      ].join('\n'),
    );
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await stack?.stop();
  }
}

try {
  await main();
  process.exit(smokeExitCode());
} catch (error) {
  console.error(`bench:jobs failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}
