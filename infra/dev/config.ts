// One place that turns the environment into the settings `npm start` and `npm test` use.
// Defaults follow docs/environment.md; every port can be overridden by its variable,
// or all of them shifted at once with PORT_OFFSET (handy when two stacks share a machine).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export type Mode = 'development' | 'test';

export interface StackConfig {
  mode: Mode;
  productName: string;
  dataDir: string;
  /** Postgres/Redis given from outside; undefined means "start our own". */
  externalDatabaseUrl?: string;
  externalRedisUrl?: string;
  ports: {
    postgres: number;
    redis: number;
    api: number;
    shell: number;
    directory: number;
    admin: number;
    mailSmtp: number;
    mailHttp: number;
  };
  publicOrigin: string;
  apiOrigin: string;
  directoryRemoteUrl: string;
  adminRemoteUrl: string;
  mailFrom: string;
  seedAdminPassword: string;
  uploadDir: string;
  rateLimitAllowlist: string;
  workerConcurrency: string;
  /** Redis persistence: AOF for development, nothing for tests. */
  redisAppendOnly: boolean;
}

const DEFAULT_PORTS: Record<Mode, StackConfig['ports']> = {
  development: { postgres: 5433, redis: 6380, api: 3000, shell: 8080, directory: 8081, admin: 8082, mailSmtp: 1025, mailHttp: 8025 },
  test: { postgres: 5434, redis: 6381, api: 3100, shell: 8180, directory: 8181, admin: 8182, mailSmtp: 1026, mailHttp: 8026 },
};

const PORT_VARS: Record<keyof StackConfig['ports'], string> = {
  postgres: 'POSTGRES_PORT',
  redis: 'REDIS_PORT',
  api: 'API_PORT',
  shell: 'SHELL_PORT',
  directory: 'DIRECTORY_PORT',
  admin: 'ADMIN_PORT',
  mailSmtp: 'MAIL_CATCHER_SMTP_PORT',
  mailHttp: 'MAIL_CATCHER_HTTP_PORT',
};

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name}=${raw} is not a valid port`);
  return value;
}

// The fetch standard's "bad ports" above 1024: Chromium and Node's fetch refuse them.
const BLOCKED_PORTS = new Set([1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

function text(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}

export function loadConfig(mode: Mode, env: NodeJS.ProcessEnv = process.env): StackConfig {
  const offset = Number(env.PORT_OFFSET || 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50000) throw new Error(`PORT_OFFSET=${env.PORT_OFFSET} is not a small whole number`);
  const defaults = DEFAULT_PORTS[mode];
  const ports = Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [key, port(env, PORT_VARS[key as keyof typeof PORT_VARS], value + offset)]),
  ) as StackConfig['ports'];
  for (const [key, value] of Object.entries(ports)) {
    if (BLOCKED_PORTS.has(value)) {
      throw new Error(
        `${PORT_VARS[key as keyof typeof PORT_VARS]} would be ${value}, a port browsers and Node's fetch refuse to use; pick another port or PORT_OFFSET`,
      );
    }
  }

  const dataDir = resolve(repoRoot, text(env, 'DATA_DIR', mode === 'test' ? '.data/test' : '.data'));
  // `npm test` wipes its databases, so it never reads DATABASE_URL/REDIS_URL (which may point
  // at someone's development data); TEST_DATABASE_URL / TEST_REDIS_URL opt in to outside servers.
  const externalDatabaseUrl = (mode === 'test' ? env.TEST_DATABASE_URL : env.DATABASE_URL) || undefined;
  const externalRedisUrl = (mode === 'test' ? env.TEST_REDIS_URL : env.REDIS_URL) || undefined;

  return {
    mode,
    productName: text(env, 'PRODUCT_NAME', 'Zaytoon'),
    dataDir,
    externalDatabaseUrl,
    externalRedisUrl,
    ports,
    publicOrigin: text(env, 'PUBLIC_ORIGIN', `http://localhost:${ports.shell}`),
    apiOrigin: text(env, 'API_ORIGIN', `http://localhost:${ports.api}`),
    directoryRemoteUrl: text(env, 'DIRECTORY_REMOTE_URL', `http://localhost:${ports.directory}/mf-manifest.json`),
    adminRemoteUrl: text(env, 'ADMIN_REMOTE_URL', `http://localhost:${ports.admin}/mf-manifest.json`),
    mailFrom: text(env, 'MAIL_FROM', 'Zaytoon <no-reply@zaytoon.local>'),
    seedAdminPassword: text(env, 'SEED_ADMIN_PASSWORD', 'admin-dev-password'),
    uploadDir: resolve(repoRoot, text(env, 'UPLOAD_DIR', resolve(dataDir, 'uploads'))),
    // The browser tests run from this machine: its own address is exempt from the per-IP limits (never the per-account ones).
    rateLimitAllowlist: text(env, 'RATE_LIMIT_ALLOWLIST', mode === 'test' ? '127.0.0.1,::1,::ffff:127.0.0.1' : ''),
    workerConcurrency: text(env, 'WORKER_CONCURRENCY', '4'),
    redisAppendOnly: mode === 'development',
  };
}
