/**
 * npm run soak: a mixed load at a steady, modest rate for SOAK_MINUTES (default 30, fractions
 * allowed) against a stack of its own: Postgres and Redis (bench-stack.ts, DATA_DIR .data/soak[-<PORT_OFFSET>]),
 * migrated and seeded with the demo data, the API and a worker as their own processes, mail into a local
 * catcher. Only 127.0.0.1 is contacted.
 *
 * Load (load.ts): visitors browse (filters, paging), search and open businesses; members sign up and vote,
 * comment, delete comments, suggest edits, report, add businesses and upload avatars (real PNG/JPEG from
 * sharp); a few writes the API must refuse; the seeded admin reviews reports and suggestions throughout.
 *
 * Prints requests/s, p50 and p99 and errors per call, the RSS of the API, worker, Postgres and Redis after a
 * warm-up (20% of the run, at least 20 s) and at the end, then checks in SQL that every write answered 2xx is
 * in the database and that no refused write left a row (verify.ts). Every member is a new account, so a business
 * their downvotes and reports brigade is paused (decision 0051): its votes and comments from them answer 423, which
 * verify.ts proves were due (bursts start at 2 accounts here, so a run pauses several). Exit code 0 only with no
 * errors, nothing lost, nothing stray, and (runs of SOAK_MINUTES >= 5) API and worker RSS growth under 10%.
 *
 * Settings: SOAK_MINUTES (30), SOAK_RATE (arrivals/s, default 25), PORT_OFFSET (Postgres 5439, Redis 6386,
 * API 3320).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { waitForHttp } from '../dev/net';
import { startMailCatcher } from '../dev/mail-catcher';
import { stackEnv, workerMailEnv } from './bench-env';
import { benchPort, provisionBenchStack, type BenchStack } from './bench-stack';
import { SoakLoad, arrive, chooser } from './soak/load';
import { familyRssKb, parentOf, rssKb, sampleRss, type Watched } from './soak/rss';
import { CallStats } from './soak/stats';
import { verify, waitForJobs } from './soak/verify';
import { full, SMOKE } from './smoke';

// A smoke run (`--smoke`): 15 seconds; the soak's own verdict (no error, nothing lost, nothing stray) still decides.
const MINUTES = full(Number(process.env.SOAK_MINUTES || 30), 0.25);
const RATE = Number(process.env.SOAK_RATE || 25);
if (!(MINUTES > 0) || !(RATE > 0))
  throw new Error(`SOAK_MINUTES=${process.env.SOAK_MINUTES} and SOAK_RATE=${process.env.SOAK_RATE} must be positive numbers`);
const API_PORT = benchPort(3320);
const ADMIN_PASSWORD = 'admin-dev-password';
const RSS_RULE_MINUTES = 5;
const RSS_GROWTH_LIMIT = 0.1;
/** RSS is the median of this many readings a second apart. */
const RSS_SAMPLES = full(5, 1);
const MAX_IN_FLIGHT = 200;
/** Whatever happens, everything is stopped this long after the load should have ended. */
const GUARD_MS = (MINUTES * 60 + 600) * 1000;

/**
 * The limits raised for the soak: loopback is exempt from the per-IP limits (signups, logins), and a member's
 * writes are not capped (the default, 120 per 15 minutes, is the production guard; the soak counts every 429 as
 * an error), nor are the admin's reviews (up to 8 every 2 s, past production's 600 per 15 minutes). The
 * per-account login and signup limits stay as they are.
 */
const RAISED_LIMITS = {
  RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
  RATE_LIMIT_WRITES_PER_USER: '1000000',
  RATE_LIMIT_ADMIN_WRITES_PER_ADMIN: '1000000',
};

/**
 * Bursts (decision 0051) start sooner than production's 5 accounts, so that every run pauses a few businesses under the
 * load and verify.ts checks the refusals and the set-aside votes, not only in the runs that happen to brigade one.
 */
const SOONER_BURSTS = { BURST_ACCOUNTS: process.env.BURST_ACCOUNTS || '2' };

async function sampleImages() {
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 80 }, noise: { type: 'gaussian', mean: 120, sigma: 30 } } });
  return { jpeg: await photo(320, 240).jpeg({ quality: 80 }).toBuffer(), png: await photo(160, 160).png().toBuffer() };
}

const mb = (kb: number) => (kb / 1024).toFixed(1);

async function main(): Promise<number> {
  const started = Date.now();
  const marker = `soak${randomBytes(3).toString('hex')}`;
  let stack: BenchStack | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  const guard = setTimeout(() => {
    console.error(`soak: still running ${GUARD_MS / 60_000} min after it began; stopping everything`);
    void stack?.stop().finally(() => process.exit(1));
  }, GUARD_MS);
  guard.unref();
  try {
    stack = await provisionBenchStack({
      name: 'soak',
      database: 'zaytoon_soak',
      postgresPort: 5439,
      redisPort: 6386,
      seedAdminPassword: ADMIN_PASSWORD,
    });
    const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1', limit: 50 });
    closers.push(() => catcher.close());
    const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
    closers.push(() => db.end());
    const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 1 });
    closers.push(async () => redis.disconnect());

    const api = `http://127.0.0.1:${API_PORT}`;
    const common = {
      ...stackEnv(stack),
      // What production writes (JSON lines), at warn: the soak reads figures, not access logs.
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'soak-session-secret-0123456789abcdef',
      PUBLIC_ORIGIN: api,
    };
    const apiProcess = stack.startService('api', 'services/api/src/main.ts', {
      ...common,
      API_HOST: '127.0.0.1',
      API_PORT: String(API_PORT),
      ...RAISED_LIMITS,
      ...SOONER_BURSTS,
    });
    const workerProcess = stack.startService('worker', 'services/worker/src/main.ts', {
      ...common,
      ...workerMailEnv(catcher.smtpPort),
      LOG_LEVEL: 'info', // its ready line is at info
    });
    await Promise.all([waitForHttp(`${api}/readyz`, { ready: (status) => status === 200 }), workerProcess.waitForOutput(/ready: queues/, 60_000)]);

    const { rows } = await db.query<{ id: number }>('SELECT id FROM businesses ORDER BY id');
    const listed = async (path: string, key: string) => ((await (await fetch(api + path)).json()) as Record<string, string[]>)[key];
    const stats = new CallStats();
    const load = new SoakLoad({
      api,
      marker,
      stats,
      businessIds: rows.map((row) => row.id),
      categories: await listed('/api/categories', 'categories'),
      cities: await listed('/api/cities', 'cities'),
      images: await sampleImages(),
      adminLogin: 'admin',
      adminPassword: ADMIN_PASSWORD,
    });

    const { rows: backend } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postmaster = parentOf(backend[0].pid)!;
    const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))![1]);
    const watched: Watched[] = [
      { name: 'API', read: () => rssKb(apiProcess.pid!) },
      { name: 'worker', read: () => rssKb(workerProcess.pid!) },
      { name: 'Postgres (postmaster + backends)', read: () => familyRssKb(postmaster) },
      { name: 'Redis', read: () => rssKb(redisPid) },
    ];

    const durationMs = MINUTES * 60_000;
    const warmupMs = SMOKE ? durationMs * 0.2 : Math.max(20_000, durationMs * 0.2);
    console.log(
      `soak ${marker}: ${MINUTES} min at ${RATE} arrivals/s against ${api} (${cpus().length} CPUs, load ${loadavg()[0].toFixed(1)}); ` +
        `RSS measured after ${(warmupMs / 1000).toFixed(0)} s and at the end; limits: ${Object.entries({ ...RAISED_LIMITS, ...SOONER_BURSTS })
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
    );
    await load.signInAdmin();
    for (let i = 0; i < 10; i++) await load.signup();

    const loadStarted = Date.now();
    const endsAt = loadStarted + durationMs;
    const admin = load.runAdmin(2000);
    const arrivals = arrive(RATE, endsAt, chooser(load.mix), MAX_IN_FLIGHT);
    const progress = setInterval(
      () => {
        const seconds = (Date.now() - loadStarted) / 1000;
        console.log(
          `  ${seconds.toFixed(0)} s: ${stats.totalRequests} requests (${(stats.totalRequests / seconds).toFixed(1)}/s), ${stats.totalErrors} errors, ${load.members.length} members, load average ${loadavg()[0].toFixed(1)}`,
        );
      },
      Math.min(60_000, Math.max(10_000, durationMs / 10)),
    );
    await new Promise((resolve) => setTimeout(resolve, warmupMs));
    const rssStart = await sampleRss(watched, RSS_SAMPLES);
    console.log(`  RSS after warm-up: ${[...rssStart].map(([name, kb]) => `${name} ${mb(kb)} MB`).join(', ')}`);
    // The end's figures are read under the same load as the start's: over the last seconds of the run.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - RSS_SAMPLES * 1000 - Date.now())));
    const rssEnd = await sampleRss(watched, RSS_SAMPLES);
    const { fired, dropped } = await arrivals;
    load.stopAdmin();
    await admin;
    clearInterval(progress);
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    console.log('');
    console.table(stats.rows(loadSeconds));
    console.log(
      `${fired} arrivals in ${loadSeconds.toFixed(0)} s (${(fired / loadSeconds).toFixed(1)}/s), ${dropped} dropped (more than ${MAX_IN_FLIGHT} in flight); ${load.members.length} members; load average now ${loadavg()[0].toFixed(1)}`,
    );
    const samples = stats.errorSamples();
    if (samples.length)
      console.log(`errors (first of each call):\n  ${samples.join('\n  ')}\nerrors by minute of the load: ${stats.errorsByMinute(loadStarted)}`);

    const enforceRss = MINUTES >= RSS_RULE_MINUTES;
    const rssRows = watched.map(({ name }) => {
      const before = rssStart.get(name)!;
      const after = rssEnd.get(name)!;
      return {
        process: name,
        'after warm-up MB': mb(before),
        'end MB': mb(after),
        growth: `${(((after - before) / before) * 100).toFixed(1)}%`,
        ratio: after / before,
      };
    });
    console.table(rssRows.map(({ ratio: _ratio, ...row }) => row));
    const rssFailures = rssRows.filter((row) => (row.process === 'API' || row.process === 'worker') && row.ratio - 1 >= RSS_GROWTH_LIMIT);

    const jobsMs = await waitForJobs(db, load.ledger, 60_000);
    const checks = await verify(db, load.ledger, marker, stack.uploadDir);
    console.log(`\nDatabase against the answers (after ${(jobsMs / 1000).toFixed(1)} s for the worker's jobs to finish):`);
    console.table(checks.map((c) => ({ what: c.what, checked: c.checked, lost: c.lost.length, stray: c.stray.length })));
    for (const c of checks)
      for (const line of [...c.lost.map((l) => `lost: ${l}`), ...c.stray.map((s) => `stray: ${s}`)].slice(0, 10)) console.log(`  ${c.what} ${line}`);

    const lost = checks.reduce((sum, c) => sum + c.lost.length, 0);
    const stray = checks.reduce((sum, c) => sum + c.stray.length, 0);
    const verdicts: Array<[boolean | null, string]> = [
      [stats.totalErrors === 0, `errors: ${stats.totalErrors} (unexpected statuses and requests without an answer)`],
      [dropped === 0, `arrivals dropped: ${dropped}`],
      [lost === 0, `lost writes: ${lost} (of ${checks.reduce((sum, c) => sum + c.checked, 0)} checked)`],
      [stray === 0, `stray rows: ${stray}`],
      ...rssRows
        .filter((row) => row.process === 'API' || row.process === 'worker')
        .map((row): [boolean | null, string] => [
          enforceRss ? row.ratio - 1 < RSS_GROWTH_LIMIT : null,
          `${row.process} RSS growth after warm-up < 10%: ${row.growth}${enforceRss ? '' : ` (not enforced: runs under ${RSS_RULE_MINUTES} min cannot tell a leak from warm-up)`}`,
        ]),
    ];
    console.log('');
    for (const [ok, text] of verdicts) console.log(`${ok === null ? 'INFO' : ok ? 'PASS' : 'FAIL'}  ${text}`);
    const passed = verdicts.every(([ok]) => ok !== false) && (!enforceRss || rssFailures.length === 0);
    console.log(`\nsoak ${passed ? 'PASSED' : 'FAILED'} in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
    return passed ? 0 : 1;
  } finally {
    clearTimeout(guard);
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await stack?.stop();
  }
}

try {
  process.exit(await main());
} catch (error) {
  console.error(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}
