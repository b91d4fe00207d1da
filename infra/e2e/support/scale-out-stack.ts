// A scaled-out deployment beside the stack under test, for infra/e2e/scale-out: two API processes and
// two workers behind the nginx front door, each remote on its own nginx, all on free ports; its own
// database `zaytoon_e2e_scaleout` (migrated and seeded afresh) and Redis database 6, so killing a
// process here never disturbs the other browser tests. The mail catcher is the stack's.
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { runMigrations } from '@zaytoon/core/migrate';
import { seedDemoData } from '../../seed/seed';
import { loadConfig } from '../../dev/config';
import { waitForHttp } from '../../dev/net';
import type { NginxServer } from '../../dev/nginx';
import { dropDatabase, ensureDatabase, withDatabase } from '../../dev/postgres';
import { childEnvironments, startFrontDoorAndRemotes, withRedisDb } from '../../dev/stack';
import { ManagedProcess } from '../../dev/supervisor';
import type { RemoteName } from '../../frontdoor/nginx-config';
import { e2e } from './env';
import { freePort } from './preview';
import { startServerProcess } from './server-process';

export const SCALE_OUT_DATABASE = 'zaytoon_e2e_scaleout';
const SCALE_OUT_REDIS_DB = 6;
/** Low, so the tests reach it quickly; counted in Redis, so across both API processes. */
export const SCALE_OUT_LOGIN_LIMIT_PER_ACCOUNT = 5;

export interface ScaleOutStack {
  /** The front door: what browsers and clients use. */
  baseUrl: string;
  /** Each API process, directly. */
  apiUrls: string[];
  apis: ManagedProcess[];
  workers: ManagedProcess[];
  frontDoor: NginxServer;
  remotes: Record<RemoteName, NginxServer>;
  pool: pg.Pool;
  redisUrl: string;
  stop(): Promise<void>;
}

export async function startScaleOutStack(): Promise<ScaleOutStack> {
  if (!e2e.databaseUrl || !e2e.redisUrl) throw new Error('E2E_DATABASE_URL and E2E_REDIS_URL must name the e2e servers (npm test sets them)');
  const databaseUrl = withDatabase(e2e.databaseUrl, SCALE_OUT_DATABASE);
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  await runMigrations(databaseUrl);
  await seedDemoData(databaseUrl, { adminPassword: e2e.adminPassword });
  const redisUrl = withRedisDb(e2e.redisUrl, SCALE_OUT_REDIS_DB);
  // A fresh database reuses user ids: counters and sessions of an earlier run must not carry over.
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();

  const [api1, api2, shell, directory, admin] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const apiPorts = [api1, api2];
  const baseUrl = `http://localhost:${shell}`;
  const config = loadConfig('test', {
    ...process.env,
    DATA_DIR: join(loadConfig('test').dataDir, 'scale-out'),
    API_PORT: String(api1),
    SHELL_PORT: String(shell),
    DIRECTORY_PORT: String(directory),
    ADMIN_PORT: String(admin),
    PUBLIC_ORIGIN: baseUrl,
    API_ORIGIN: `http://localhost:${api1}`,
    DIRECTORY_REMOTE_URL: `http://localhost:${directory}/mf-manifest.json`,
    ADMIN_REMOTE_URL: `http://localhost:${admin}/mf-manifest.json`,
  });
  const env = {
    ...childEnvironments(config, { databaseUrl, redisUrl }, `e2e-scale-out-session-secret-${process.pid}-0123456789abcdef`).api,
    RATE_LIMIT_LOGIN_PER_ACCOUNT: String(SCALE_OUT_LOGIN_LIMIT_PER_ACCOUNT),
  };

  const owned: ManagedProcess[] = [];
  const own = (proc: ManagedProcess) => (owned.push(proc), proc);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  const stop = async () => {
    await Promise.all(owned.map((proc) => proc.stop()));
    await pool.end().catch(() => undefined);
  };
  try {
    const apis = apiPorts.map((port, index) => own(startServerProcess(`scale-out-api-${index + 1}`, 'api', { ...env, API_PORT: String(port) })));
    const workers = [1, 2].map((n) => own(startServerProcess(`scale-out-worker-${n}`, 'worker', env)));
    const apiUrls = apiPorts.map((port) => `http://localhost:${port}`);
    await Promise.all(
      apis.map((proc, index) =>
        waitForHttp(`${apiUrls[index]}/readyz`, { timeoutMs: 90_000, ready: (status) => status === 200, abort: proc.exited }),
      ),
    );
    const { frontDoor, remotes } = await startFrontDoorAndRemotes(
      config,
      (spec) => own(new ManagedProcess({ ...spec, show: () => false })),
      apiPorts,
    );
    return { baseUrl, apiUrls, apis, workers, frontDoor, remotes, pool, redisUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
