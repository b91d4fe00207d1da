// `npm test`: every suite on its own ports and data (never the `npm start` data).
// Wipe DATA_DIR (.data/test); fresh embedded Postgres, Redis without persistence, mail catcher; then five lanes, each a
// series of steps, in groups: checks beside faults, then workspaces, then recovery, then browser (or, with
// TEST_LANES=parallel, all at once). The lanes share no database, Redis database, port or file, so one's steps never
// wait on another's:
//  - checks: `npm run lint` (the i18n catalogs, ESLint, Prettier), the typecheck of every workspace (tsc), then unit
//    tests of infra (dev tooling, front door, Docker and Kubernetes files);
//  - faults: the fault tests (infra/faults: Redis and Postgres killed, frozen, restarted; SIGTERM; boot checks);
//  - workspaces: every workspace's tests through turbo, two at a time; then the compiled servers booted in
//    production mode;
//  - recovery: the restore drill (infra/backup/drill.ts: back up, write, destroy, restore to a noted time, check); a
//    2-minute soak (infra/load/soak.ts: mixed load, then every answered write checked in SQL);
//  - browser: build the front-ends; migrate + seed the `zaytoon_e2e` database; start API, worker, the remotes'
//    servers and the nginx front door on the test ports; browser tests (infra/e2e, Playwright Test), among them the scale-out tests
//    (2 API processes and 2 workers behind their own front door); then every benchmark's smoke run
//    (infra/load/bench-smoke.ts: each bench tiny and fast, failing on anything it did not expect).
// Then stop everything; print a summary with each step's time; exit non-zero if anything failed.
// Flags: --skip-e2e (no browser lane), --only-e2e (the browser lane alone); other words are file filters for the
// browser tests (`npm test -- --only-e2e directory/auth` runs infra/e2e/directory/auth.test.ts alone, without the
// bench smoke runs; `npm test -- --only-e2e bench-smoke` runs the bench smoke runs alone).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { loadConfig, repoRoot } from './config';
import { bold, log, paint } from './log';
import { ensureDatabase, postgresDataDir, stopLeftoverPostgres, withDatabase } from './postgres';
import { startInfra } from './infra-up';
import {
  buildFrontends,
  childEnvironments,
  createSupervisor,
  mailboxUrl,
  migrate,
  playwrightCommand,
  seed,
  startApplications,
  turboCommand,
  vitestCommand,
  withRedisDb,
  type Backing,
} from './stack';
import { describeExit } from './supervisor';
import { ensureProgram } from './system-program';
import { failureDigest } from './failure-digest';

const skipE2e = process.argv.includes('--skip-e2e');
const onlyE2e = process.argv.includes('--only-e2e');
const e2eFilters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const benchSmokeOnly = e2eFilters.length === 1 && e2eFilters[0] === 'bench-smoke';
const config = loadConfig('test');
const supervisor = createSupervisor(config);
const started = Date.now();

// ---- results -----------------------------------------------------------------------------------

interface StepResult {
  name: string;
  ok: boolean;
  detail: string;
  /** Wall-clock seconds, when the step ran as one command. */
  seconds?: number;
  /** A failed step's own account of why, repeated in the summary: CI keeps only the end of the output. */
  digest?: string[];
}
const steps: StepResult[] = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Reads vitest's closing line ("Tests  3 failed | 40 passed | 2 skipped (45)"), also inside turbo's prefixes. */
function countTests(line: string): void {
  const summary = /\bTests\s{2,}(\d+ (?:passed|failed|skipped|todo).*)$/.exec(line);
  if (!summary) return;
  for (const [, count, kind] of summary[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
    if (kind === 'passed') totals.passed += Number(count);
    else if (kind === 'failed') totals.failed += Number(count);
    else totals.skipped += Number(count);
  }
}

function record(name: string, ok: boolean, detail = '', digest?: string[], seconds?: number): boolean {
  steps.push({ name, ok, detail, seconds, digest: ok ? undefined : digest });
  if (!ok) log.error(`${name}: FAILED ${detail}`);
  return ok;
}

/**
 * Lint and the typecheck run niced: pure computation that no clock judges, they take the processors the test lanes
 * leave while those wait. Test steps are never niced: a starved test process meets its own timeouts (Redis commands,
 * statements, a link check's), and fails for the machine's sake, not the code's.
 */
function niced(command: { command: string; args: string[] }): { command: string; args: string[] } {
  return process.platform === 'win32' ? command : { command: 'nice', args: ['-n', '10', command.command, ...command.args] };
}

async function step(name: string, command: { command: string; args: string[] }, env: Record<string, string>): Promise<boolean> {
  log.info(bold(`── ${name}`));
  const digest = failureDigest();
  const onLine = (line: string) => {
    countTests(line);
    digest.add(line);
  };
  const stepStarted = Date.now();
  const exit = await supervisor.run({ name: name.split(' ')[0], ...command, cwd: repoRoot, env, onLine });
  const seconds = (Date.now() - stepStarted) / 1000;
  log.info(bold(`── ${name}: ${exit.code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(0)} s`));
  return record(name, exit.code === 0, exit.code === 0 ? '' : `(${describeExit(exit)})`, digest.lines(), seconds);
}

function printSummary(code: number): void {
  for (const failed of steps.filter((s) => s.digest?.length)) {
    log.error([bold(`── why ${failed.name} failed (its own output, shortened)`), ...failed.digest!.map((line) => `  ${line}`)].join('\n'));
  }
  const lines = steps.map(
    (s) =>
      `  ${s.ok ? paint(32, 'ok  ') : paint(31, 'FAIL')} ${(s.seconds === undefined ? '' : `${s.seconds.toFixed(0)} s`).padStart(6)}  ${s.name} ${s.detail}`,
  );
  log.info(['', bold('npm test summary') + ` (${((Date.now() - started) / 1000).toFixed(0)} s)`, ...lines].join('\n'));
  // The plain closing line CI reads.
  console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  if (code !== 0 && steps.every((s) => s.ok)) console.log('npm test stopped early (see the error above)');
}
supervisor.beforeExit(printSummary);

// ---- steps -------------------------------------------------------------------------------------

/** Starts from nothing: stops leftovers of a killed run, then deletes the test data directory. */
async function wipeDataDir(): Promise<void> {
  const inside = relative(resolve(repoRoot, '.data'), config.dataDir);
  const safe = (!inside.startsWith('..') && inside !== '' && !inside.startsWith(sep)) || /test/i.test(config.dataDir);
  if (!safe) throw new Error(`refusing to wipe DATA_DIR=${config.dataDir}: for npm test it must be under .data/ or have "test" in its path`);
  await supervisor.reapLeftovers();
  const pgDir = postgresDataDir(config.dataDir);
  await stopLeftoverPostgres(pgDir);
  rmSync(config.dataDir, { recursive: true, force: true });
  if (existsSync(pgDir)) rmSync(pgDir, { recursive: true, force: true });
}

/** `npm run <script>` through the npm that runs `npm test`, else the one on PATH. */
function npmRun(script: string): { command: string; args: string[] } {
  const npmCli = process.env.npm_execpath;
  return npmCli ? { command: process.execPath, args: [npmCli, 'run', script] } : { command: 'npm', args: ['run', script] };
}

/** The API's tests run it through a transaction-mode PgBouncer (services/api/src/pgbouncer.test.ts). */
function ensurePgbouncer(): string {
  return ensureProgram({
    binary: 'pgbouncer',
    debianPackages: ['pgbouncer'],
    hints: ['Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y pgbouncer', 'macOS:         brew install pgbouncer'],
  });
}

/**
 * The browser tests (infra/e2e) against the running stack, through Playwright Test, each word of `e2eFilters` a file
 * filter; its JSON report's counts join the summary's totals (its list reporter prints no vitest-style closing line).
 */
async function browserTests(env: Record<string, string>, backing: Backing): Promise<boolean> {
  const report = join(config.dataDir, 'e2e-results.json');
  rmSync(report, { force: true });
  const ok = await step('browser tests', playwrightCommand(['test', '--config', 'infra/e2e/playwright.config.ts', ...e2eFilters]), {
    ...env,
    E2E_BASE_URL: config.publicOrigin,
    E2E_API_URL: config.apiOrigin,
    E2E_MAILBOX_URL: mailboxUrl(config),
    E2E_DATABASE_URL: backing.databaseUrl,
    E2E_REDIS_URL: backing.redisUrl,
    E2E_ADMIN_LOGIN: 'admin',
    E2E_ADMIN_PASSWORD: config.seedAdminPassword,
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
  });
  if (existsSync(report)) {
    const { stats } = JSON.parse(readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  return ok;
}

async function main(): Promise<void> {
  await wipeDataDir();
  const { infra, secret } = await startInfra(config, supervisor);

  const envs = childEnvironments(config, infra, secret);
  const testEnv = { ...envs.backend, ...envs.frontend, ...envs.mailCatcher, TURBO_TELEMETRY_DISABLED: '1', PGBOUNCER_PATH: ensurePgbouncer() };

  const checks = async (): Promise<void> => {
    await step('lint', niced(npmRun('lint')), {});
    await step('typecheck', niced(turboCommand(['run', 'typecheck', '--continue', '--concurrency=1', '--output-logs=errors-only'])), {
      TURBO_TELEMETRY_DISABLED: '1',
    });
    await step('infra unit tests', vitestCommand(['run', '--config', 'infra/dev/vitest.config.ts']), testEnv);
  };

  const workspaces = async (): Promise<void> => {
    await step(
      'workspace tests',
      turboCommand(['run', 'test', '--concurrency=2', '--continue', '--env-mode=loose', '--filter=!@zaytoon/infra']),
      testEnv,
    );
    await step('production boot test', vitestCommand(['run', '--config', 'infra/production/vitest.config.ts']), testEnv);
  };

  const faults = async (): Promise<void> => {
    await step('fault tests', vitestCommand(['run', '--config', 'infra/faults/vitest.config.ts']), testEnv);
  };

  // The drill's Postgres and the soak's take the same port: one after the other.
  const recovery = async (): Promise<void> => {
    await step('restore drill', { command: process.execPath, args: ['--import', 'tsx', 'infra/backup/drill.ts', '--businesses', '2000'] }, testEnv);
    await step('soak (2 minutes)', { command: process.execPath, args: ['--import', 'tsx', 'infra/load/soak.ts'] }, { ...testEnv, SOAK_MINUTES: '2' });
  };

  const browser = async (): Promise<void> => {
    log.info(bold('── browser tests: build and start the stack'));
    const buildStarted = Date.now();
    const built = await buildFrontends(config, supervisor);
    if (!record('front-end build', built, '', undefined, (Date.now() - buildStarted) / 1000)) return;
    const backing = { databaseUrl: withDatabase(infra.databaseUrl, 'zaytoon_e2e'), redisUrl: withRedisDb(infra.redisUrl, 1) };
    await ensureDatabase(backing.databaseUrl);
    await migrate(backing.databaseUrl);
    await seed(backing.databaseUrl, config.seedAdminPassword);
    // The mailbox is not emptied first: the other lanes' tests are reading it meanwhile; each test reads its own recipients' mail.
    await startApplications(config, supervisor, backing, secret);
    if (!benchSmokeOnly) await browserTests(testEnv, backing);
    // bench:frontend measures this stack's front door; the others start their own processes beside it.
    if (!e2eFilters.length || benchSmokeOnly)
      await step(
        'bench smoke runs',
        { command: process.execPath, args: ['--import', 'tsx', 'infra/load/bench-smoke.ts'] },
        { ...testEnv, BENCH_BASE_URL: config.publicOrigin },
      );
  };

  // In each lane a step follows the one before it whether that passed or failed. The lanes of a group run side by
  // side, the groups one after another: the fault tests mostly wait (for a process to die, a timeout to pass), so the
  // niced checks use the processors meanwhile; other lanes side by side starve each other's timed tests (Redis command
  // and statement timeouts, the soak) on a two-core machine. TEST_LANES=parallel runs every lane at once.
  const groups = [...(onlyE2e ? [] : [[checks, faults], [workspaces], [recovery]]), ...(skipE2e ? [] : [[browser]])];
  if (process.env.TEST_LANES === 'parallel') await Promise.all(groups.flat().map((lane) => lane()));
  else for (const group of groups) await Promise.all(group.map((lane) => lane()));
}

main()
  .then(() => supervisor.shutdown(steps.every((s) => s.ok) ? 0 : 1))
  .catch(async (error) => {
    if (supervisor.isStopping) return;
    log.error(`npm test failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG && error instanceof Error) log.error(error.stack ?? '');
    record('setup', false, error instanceof Error ? error.message : String(error));
    await supervisor.shutdown(1);
  });
