/**
 * npm run bench:smoke — every benchmark once with `--smoke` (tiny sizes, a second or so per scenario), one after
 * the other, so none can rot unnoticed: each exits non-zero on anything it did not expect (an error, a non-2xx
 * answer it did not ask for, a crash). `npm test` runs it while its browser-test stack is up: bench:frontend needs
 * a running front door (BENCH_BASE_URL). The soak is not here: `npm test` runs 2 minutes of it as its own step
 * (`npm run soak -- --smoke` runs 15 seconds).
 *
 * DATABASE_URL / REDIS_URL (what npm test passes): bench:api, bench:jobs and bench:frontdoor make their own
 * database on that server and use Redis database 5 (BENCH_SMOKE_REDIS_DB); bench:scale starts its own Postgres
 * so that pg_stat_statements is loaded.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from '../dev/config';

interface SmokeRun {
  name: string;
  entry: string;
  args?: string[];
  /** Uses the outside Postgres and Redis (DATABASE_URL, REDIS_URL) when given. */
  outsideServers: boolean;
}

const baseUrl = process.env.BENCH_BASE_URL;
const RUNS: SmokeRun[] = [
  { name: 'bench:api', entry: 'infra/load/bench-api.ts', outsideServers: true },
  { name: 'bench:jobs', entry: 'infra/load/bench-jobs.ts', outsideServers: true },
  { name: 'bench:frontdoor', entry: 'infra/load/bench-frontdoor.ts', outsideServers: true },
  { name: 'bench:scale', entry: 'infra/load/bench-scale.ts', outsideServers: false },
  ...(baseUrl ? [{ name: 'bench:frontend', entry: 'infra/load/bench-frontend.ts', args: [baseUrl], outsideServers: false }] : []),
];

function redisDb(url: string, db: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${db}`;
  return parsed.toString();
}

function environment(run: SmokeRun): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SMOKE: '1' };
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = process.env;
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (run.outsideServers && databaseUrl && redisUrl) {
    const redis = redisDb(redisUrl, process.env.BENCH_SMOKE_REDIS_DB || '5');
    // bench:jobs reads its own names for them.
    Object.assign(env, { DATABASE_URL: databaseUrl, REDIS_URL: redis, BENCH_DATABASE_URL: databaseUrl, BENCH_REDIS_URL: redis });
  }
  return env;
}

function runOne(run: SmokeRun): Promise<{ code: number | null; seconds: number }> {
  const started = Date.now();
  console.log(`\n── ${run.name} --smoke`);
  const child = spawn(process.execPath, ['--import', 'tsx', run.entry, ...(run.args ?? []), '--smoke'], {
    cwd: repoRoot,
    env: environment(run),
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve({ code: 127, seconds: (Date.now() - started) / 1000 }));
    child.on('exit', (code) => resolve({ code, seconds: (Date.now() - started) / 1000 }));
  });
}

const results: { name: string; code: number | null; seconds: number }[] = [];
for (const run of RUNS) results.push({ name: run.name, ...(await runOne(run)) });
if (!baseUrl) console.log('\nbench:frontend skipped: it needs a running stack (BENCH_BASE_URL)');
console.log('\nbench smoke runs:');
for (const result of results) console.log(`  ${result.code === 0 ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(0)} s)`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
