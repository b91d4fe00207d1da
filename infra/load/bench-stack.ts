/**
 * What the benchmarks share: their own Postgres database and Redis (embedded/started under the
 * infra/dev supervisor, in their own DATA_DIR on their own ports), migrated and optionally seeded,
 * and TypeScript services (API, worker) started as supervised-looking children that the script
 * itself may stop and start again.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runMigrations } from '@zaytoon/core/migrate';
import { seedDemoData } from '../seed/seed';
import { loadConfig, repoRoot } from '../dev/config';
import { dropDatabase, ensureDatabase, provisionPostgres, withDatabase, type PostgresHandle } from '../dev/postgres';
import { provisionRedis } from '../dev/redis';
import { createSupervisor } from '../dev/stack';
import { ManagedProcess, superviseWith, type Supervisor } from '../dev/supervisor';

export interface BenchStackOptions {
  /** DATA_DIR is `.data/<name>` (`.data/<name>-<PORT_OFFSET>` with an offset). */
  name: string;
  /** The database the benchmark drops and recreates on that server. */
  database: string;
  /** Default ports; PORT_OFFSET shifts both, as it does for npm start and npm test. */
  postgresPort: number;
  redisPort: number;
  /** A server to use instead of starting one (the database is still dropped and recreated). */
  externalDatabaseUrl?: string;
  externalRedisUrl?: string;
  /** Demo data with this admin password (dev admin `admin`). */
  seedAdminPassword?: string;
  /** Settings of the Postgres it starts (not of an external one). */
  postgresSettings?: Record<string, string>;
}

export interface BenchStack {
  supervisor: Supervisor;
  dataDir: string;
  uploadDir: string;
  postgres: PostgresHandle;
  databaseUrl: string;
  redisUrl: string;
  /**
   * Starts `node --import tsx <entry>` (or `node <args…>` when given an array) from the repo root in
   * its own process group; stopped by stop() at the latest, and by Ctrl-C.
   */
  startService(name: string, entry: string | string[], env: Record<string, string>, options?: { quiet?: boolean }): ManagedProcess;
  /** Stops the services still running, then Redis and Postgres. */
  stop(): Promise<void>;
}

export function benchPort(base: number): number {
  const offset = Number(process.env.PORT_OFFSET || 0);
  if (!Number.isInteger(offset) || offset < 0) throw new Error(`PORT_OFFSET=${process.env.PORT_OFFSET} is not a small whole number`);
  return base + offset;
}

export async function provisionBenchStack(options: BenchStackOptions): Promise<BenchStack> {
  const postgresPort = benchPort(options.postgresPort);
  const redisPort = benchPort(options.redisPort);
  // Two benchmarks on one machine need their own files as well as their own ports.
  const offset = benchPort(0);
  const dataDir = resolve(repoRoot, '.data', offset ? `${options.name}-${offset}` : options.name);
  const config = loadConfig('test', {
    ...process.env,
    DATA_DIR: dataDir,
    POSTGRES_PORT: String(postgresPort),
    REDIS_PORT: String(redisPort),
  });
  const supervisor = createSupervisor(config);
  // Leftovers of a run killed with SIGKILL (pids kept in DATA_DIR/run) hold the ports: stop them first.
  await supervisor.reapLeftovers();
  const postgres = await provisionPostgres(superviseWith(supervisor, false), {
    dataDir,
    port: postgresPort,
    externalUrl: options.externalDatabaseUrl,
    fast: true,
    settings: options.postgresSettings,
  });
  const redisUrl = await provisionRedis(superviseWith(supervisor, false), {
    dataDir,
    port: redisPort,
    externalUrl: options.externalRedisUrl,
    appendOnly: false,
  });
  const databaseUrl = withDatabase(postgres.url, options.database);
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  await runMigrations(databaseUrl);
  if (options.seedAdminPassword) await seedDemoData(databaseUrl, { adminPassword: options.seedAdminPassword });

  const uploadDir = join(dataDir, 'uploads');
  rmSync(uploadDir, { recursive: true, force: true });

  const services = new Set<ManagedProcess>();
  const stopServices = async () => {
    await Promise.all([...services].map((proc) => proc.stop()));
  };
  // Ctrl-C (the supervisor's shutdown) stops them before Redis and Postgres; a crash still kills them.
  supervisor.addCleanup('bench services', stopServices, 1);
  process.on('exit', () => {
    for (const proc of services) proc.kill();
  });
  return {
    supervisor,
    dataDir,
    uploadDir,
    postgres,
    databaseUrl,
    redisUrl,
    startService(name, entry, env, { quiet = true } = {}) {
      const proc = new ManagedProcess({
        name,
        command: process.execPath,
        args: typeof entry === 'string' ? ['--import', 'tsx', entry] : entry,
        cwd: repoRoot,
        env,
        // Benchmarks print tables, not request or job logs; problems still show.
        show: quiet ? (line) => /error|fail|warn|exception/i.test(line) : undefined,
      });
      services.add(proc);
      proc.exited.then(() => services.delete(proc));
      return proc;
    },
    async stop() {
      await stopServices();
      await supervisor.stopAll();
    },
  };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
