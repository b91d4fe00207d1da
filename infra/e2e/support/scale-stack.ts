// A second, bigger directory for the scale browser tests, beside the stack under test:
//  - its own database `zaytoon_e2e_scale` on the e2e Postgres server (E2E_DATABASE_URL names the
//    server; the demo database `zaytoon_e2e` is never touched), migrated, seeded with the demo data and
//    then `seedScaleBusinesses(pool, 5000)`; kept between files and runs while the seed code, the
//    migrations and the size are unchanged (a marker in the database's comment says what it holds);
//  - its own Redis database (4) on the e2e Redis server (E2E_REDIS_URL);
//  - its own API process and shell preview on free ports; the shell loads the stack's directory and
//    admin remotes (read from the stack's /runtime-config.json) and proxies /api to this API.
// Stopped with the Playwright worker that started it (the `scaleStack` fixture), and killed on exit whatever happens.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations } from '@zaytoon/core/migrate';
import { seedScaleBusinesses } from '../../seed/scale-seed';
import { seedDemoData } from '../../seed/seed';
import { loadConfig } from '../../dev/config';
import { waitForHttp } from '../../dev/net';
import { dropDatabase, ensureDatabase, withDatabase } from '../../dev/postgres';
import { childEnvironments, withRedisDb } from '../../dev/stack';
import { e2e } from './env';
import { freePort, repoRoot, startFrontendServer, type FrontendServer } from './preview';
import { startServerProcess } from './server-process';
import { test as base } from './test';

export const SCALE_DATABASE = 'zaytoon_e2e_scale';
const SCALE_REDIS_DB = 4;
/** PRNG seed of the scale rows, so every run sees the same 5,000 businesses. */
const SCALE_SEED = 5_000;

export interface ScaleStack {
  /** The scale shell (http://localhost:port): what the browser opens. */
  baseUrl: string;
  /** The scale API, directly. */
  apiUrl: string;
  databaseUrl: string;
  /** Businesses added by seedScaleBusinesses (on top of the demo data). */
  added: number;
  /** Every business a visitor can see (demo + added, minus any removed by an approved report), from SQL. */
  total: number;
  /** A pool on the scale database for the tests' own SQL (closed by stop()). */
  pool: pg.Pool;
  stop(): Promise<void>;
}

/** What the database must hold: changes whenever the seed code, the migrations or the size change. */
function marker(businesses: number): string {
  const hash = createHash('sha256');
  const seedDir = join(repoRoot, 'infra/seed');
  for (const file of ['scale-seed.ts', 'demo-data.ts', 'word-lists.ts', 'seed.ts', 'prng.ts']) hash.update(readFileSync(join(seedDir, file)));
  const migrations = join(repoRoot, 'services/core/src/db/migrations');
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
  return `zaytoon e2e scale: demo + ${businesses} (seed ${SCALE_SEED}) ${hash.digest('hex').slice(0, 16)}`;
}

async function databaseComment(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ comment: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [SCALE_DATABASE],
    );
    return rows[0]?.comment ?? null;
  } finally {
    await client.end();
  }
}

/** Creates (or reuses) the scale database: demo data + `businesses` scale rows. */
export async function prepareScaleDatabase(businesses: number, log: (message: string) => void = () => undefined): Promise<string> {
  if (!e2e.databaseUrl) throw new Error('E2E_DATABASE_URL is not set: the scale tests need the e2e Postgres server (npm test sets it)');
  const url = withDatabase(e2e.databaseUrl, SCALE_DATABASE);
  const wanted = marker(businesses);
  if ((await databaseComment(url)) === wanted && !process.env.E2E_SCALE_RESEED) {
    log(`reusing ${SCALE_DATABASE} (${wanted})`);
    return url;
  }
  const started = Date.now();
  await dropDatabase(url);
  await ensureDatabase(url);
  await runMigrations(url);
  await seedDemoData(url, { adminPassword: e2e.adminPassword });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  try {
    const { inserted } = await seedScaleBusinesses(pool, businesses, { seed: SCALE_SEED, log: (m) => log(`scale seed: ${m}`) });
    if (inserted !== businesses) throw new Error(`seedScaleBusinesses inserted ${inserted} of ${businesses}`);
    // Written last: a database whose seeding failed half-way is never reused.
    await pool.query(`COMMENT ON DATABASE ${pg.escapeIdentifier(SCALE_DATABASE)} IS ${pg.escapeLiteral(wanted)}`);
  } finally {
    await pool.end();
  }
  log(`${SCALE_DATABASE} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return url;
}

/** Where the stack under test loads its remotes from (its shell's runtime config). */
async function stackRemotes(): Promise<{ directory: string; admin: string }> {
  const response = await fetch(`${e2e.baseUrl}/runtime-config.json`);
  if (!response.ok) throw new Error(`${e2e.baseUrl}/runtime-config.json answered ${response.status}: is the e2e stack running?`);
  return ((await response.json()) as { remotes: { directory: string; admin: string } }).remotes;
}

export async function startScaleStack({ businesses = 5_000 } = {}): Promise<ScaleStack> {
  const log = (message: string) => console.log(`[scale] ${message}`);
  if (!e2e.redisUrl) throw new Error('E2E_REDIS_URL is not set: the scale tests need the e2e Redis server (npm test sets it)');
  const databaseUrl = await prepareScaleDatabase(businesses, log);
  const remotes = await stackRemotes();

  const [apiPort, shellPort] = [await freePort(), await freePort()];
  const apiUrl = `http://localhost:${apiPort}`;
  const baseUrl = `http://localhost:${shellPort}`;
  // The same environment the stack's API gets (infra/dev/stack.ts), on other ports, database and Redis db.
  const config = loadConfig('test', {
    ...process.env,
    API_PORT: String(apiPort),
    SHELL_PORT: String(shellPort),
    PUBLIC_ORIGIN: baseUrl,
    API_ORIGIN: apiUrl,
  });
  const backing = { databaseUrl, redisUrl: withRedisDb(e2e.redisUrl, SCALE_REDIS_DB) };
  const env = childEnvironments(config, backing, `e2e-scale-session-secret-${process.pid}-0123456789abcdef`).api;
  const api = startServerProcess('scale-api', 'api', env);
  let shell: FrontendServer | undefined;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  const stop = async () => {
    await shell?.stop();
    await api.stop();
    await pool.end().catch(() => undefined);
  };
  try {
    await waitForHttp(`${apiUrl}/readyz`, { timeoutMs: 90_000, ready: (status) => status === 200, abort: api.exited });
    shell = await startFrontendServer('shell', {
      port: shellPort,
      env: { API_ORIGIN: apiUrl, DIRECTORY_REMOTE_URL: remotes.directory, ADMIN_REMOTE_URL: remotes.admin },
    });
    const { rows } = await pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM businesses b
        WHERE NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')`,
    );
    log(`API ${apiUrl}, shell ${baseUrl}: ${rows[0].total} businesses`);
    return { baseUrl, apiUrl, databaseUrl, added: businesses, total: rows[0].total, pool, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The browser tests' `test` on the scale stack: `scaleStack` starts once per worker (the scale files share it) and
 * stops with the worker; pages open on its shell.
 */
export const test = base.extend<object, { scaleStack: ScaleStack }>({
  scaleStack: [
    async ({}, use) => {
      const stack = await startScaleStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ scaleStack }, use) => {
    await use(scaleStack.baseUrl);
  },
});
