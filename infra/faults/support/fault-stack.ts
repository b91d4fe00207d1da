// A whole back end that a fault test owns and may break: its own embedded Postgres and redis-server (AOF on,
// as production runs it) in .data/faults, migrated and seeded, and the API and worker run from source as
// `npm start` runs them. Nothing here restarts what a test kills; every process dies with the test process.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { runMigrations } from '@zaytoon/core/migrate';
import { seedDemoData } from '../../seed/seed';
import { repoRoot } from '../../dev/config';
import { portInUse, waitForHttp } from '../../dev/net';
import { provisionPostgres, stopLeftoverPostgres, postgresDataDir, withDatabase, type PostgresHandle } from '../../dev/postgres';
import { startRedisServer } from '../../dev/redis';
import { type ManagedProcess, unsupervised } from '../../dev/supervisor';

export const ADMIN_PASSWORD = 'fault-admin-password';
const ENTRY = { api: 'services/api/src/main.ts', worker: 'services/worker/src/main.ts' } as const;

const running = new Set<ManagedProcess>();
process.once('exit', () => {
  for (const proc of running) proc.kill();
});

function own(proc: ManagedProcess): ManagedProcess {
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/** A process that dies with the test process and that nothing restarts. */
export const owned = (spec: Parameters<typeof unsupervised>[0]) => own(unsupervised(spec));

export async function freePorts(from: number, count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; ports.length < count && port < from + 200; port++) if (!(await portInUse(port))) ports.push(port);
  if (ports.length < count) throw new Error(`no ${count} free ports from ${from}`);
  return ports;
}

export interface RedisServer {
  readonly url: string;
  /** kill -9: no shutdown, no final AOF rewrite. */
  kill(): Promise<void>;
  /** Starts it again on the same port and files (the AOF brings the data back). */
  start(): Promise<void>;
  freeze(): void;
  thaw(): void;
}

export interface PostgresServer {
  readonly url: string;
  /** pg_terminate_backend on every connection to the database but the caller's. */
  terminateConnections(): Promise<number>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** A pool on the database for checks (the caller ends it). */
  pool(): pg.Pool;
}

export interface FaultStack {
  dataDir: string;
  redis: RedisServer;
  postgres: PostgresServer;
  /** What the API and worker get: NODE_ENV test, generous rate limits, this stack's ports. */
  env: Record<string, string>;
  apiUrl: string;
  /** node --import tsx <entry> with env (plus `extra`); resolves once it is running (the API: once /healthz answers). */
  startApi(extra?: Record<string, string>): Promise<ManagedProcess>;
  startWorker(extra?: Record<string, string>): ManagedProcess;
  stop(): Promise<void>;
}

export interface FaultStackOptions {
  /** Each test file its own folder under .data/faults. */
  name: string;
  /** Leave Redis or Postgres stopped after the setup (F6 starts the apps without them). */
  startStopped?: { redis?: boolean; postgres?: boolean };
}

export async function startFaultStack(options: FaultStackOptions): Promise<FaultStack> {
  const dataDir = resolve(repoRoot, '.data/faults', options.name);
  // Postgres keeps its files outside dataDir when its user cannot reach it (root checkouts): both start empty.
  const databaseDir = postgresDataDir(dataDir);
  await stopLeftoverPostgres(databaseDir);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(databaseDir, { recursive: true, force: true });
  const [postgresPort, redisPort, apiPort] = await freePorts(5600 + Number(process.env.PORT_OFFSET || 0), 3);

  let postgresHandle: PostgresHandle = await provisionPostgres(owned, { dataDir, port: postgresPort, fast: true });
  const databaseUrl = withDatabase(postgresHandle.url, 'zaytoon');
  await runMigrations(databaseUrl);
  await seedDemoData(databaseUrl, { adminPassword: ADMIN_PASSWORD });

  const redisOptions = { dataDir, port: redisPort, appendOnly: true };
  let redisProcess: ManagedProcess | undefined = await startRedisServer(owned, redisOptions);
  const redis: RedisServer = {
    url: `redis://127.0.0.1:${redisPort}`,
    async kill() {
      redisProcess?.signal('SIGKILL');
      await redisProcess?.exited;
      redisProcess = undefined;
    },
    async start() {
      redisProcess = await startRedisServer(owned, redisOptions);
    },
    freeze: () => redisProcess?.signal('SIGSTOP'),
    thaw: () => redisProcess?.signal('SIGCONT'),
  };

  let postgresRunning = true;
  const postgres: PostgresServer = {
    url: databaseUrl,
    async terminateConnections() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rowCount } = await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        return rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
    async stop() {
      await postgresHandle.stop();
      postgresRunning = false;
    },
    async start() {
      postgresHandle = await provisionPostgres(owned, { dataDir, port: postgresPort, fast: true });
      postgresRunning = true;
    },
    pool() {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      // Its idle connections are terminated too when a test terminates everyone's.
      pool.on('error', () => {});
      return pool;
    },
  };
  if (options.startStopped?.redis) await redis.kill();
  if (options.startStopped?.postgres) await postgres.stop();

  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    API_PORT: String(apiPort),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_ORIGIN: 'http://localhost:8080',
    UPLOAD_DIR: join(dataDir, 'uploads'),
    // Nothing here reads mail: a closed port is fine, the jobs just retry.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(apiPort + 1),
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_SIGNUP_PER_IP: '10000',
    RATE_LIMIT_WRITES_PER_USER: '10000',
  };
  const start = (kind: keyof typeof ENTRY, name: string, extra: Record<string, string>) =>
    owned({ name, command: process.execPath, args: ['--import', 'tsx', ENTRY[kind]], cwd: repoRoot, env: { ...env, ...extra }, show: () => false });

  return {
    dataDir,
    redis,
    postgres,
    env,
    apiUrl,
    async startApi(extra = {}) {
      const api = start('api', 'api', extra);
      await waitForHttp(`${apiUrl}/healthz`, { timeoutMs: 60_000, abort: api.exited });
      return api;
    },
    startWorker: (extra = {}) => start('worker', 'worker', extra),
    async stop() {
      await Promise.all([...running].filter((proc) => !/redis|postgres/.test(proc.spec.name)).map((proc) => proc.stop(5_000)));
      redis.thaw();
      await Promise.all([...running].map((proc) => proc.stop(5_000)));
      if (postgresRunning) await postgresHandle.stop().catch(() => {});
    },
  };
}
