// F7: in production the API and the worker refuse to start on an unsafe setting: a Redis that may evict keys
// (maxmemory-policy other than noeviction) or forgets them on a restart (appendonly off), or a missing or
// short SESSION_SECRET. Postgres is not needed for any of it (the URL points nowhere).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../dev/config';
import { startRedisServer } from '../dev/redis';
import type { ManagedProcess } from '../dev/supervisor';
import { freePorts, owned } from './support/fault-stack';
import { sleep } from './support/steady-load';

const ENTRY = { api: 'services/api/src/main.ts', worker: 'services/worker/src/main.ts' } as const;
const dataDir = resolve(repoRoot, '.data/faults/boot-checks');
const redisServers: ManagedProcess[] = [];

afterAll(async () => {
  await Promise.all(redisServers.map((proc) => proc.stop(5_000)));
  rmSync(dataDir, { recursive: true, force: true });
});

async function redis(name: string, settings: { appendOnly: boolean; maxmemoryPolicy?: string }): Promise<string> {
  const [port] = await freePorts(5700 + Number(process.env.PORT_OFFSET || 0), 1);
  redisServers.push(await startRedisServer(owned, { dataDir: resolve(dataDir, name), port, ...settings }));
  return `redis://127.0.0.1:${port}`;
}

async function productionEnv(redisUrl: string): Promise<Record<string, string>> {
  const [apiPort, closedPort] = await freePorts(5750 + Number(process.env.PORT_OFFSET || 0), 2);
  return {
    NODE_ENV: 'production',
    LOG_FORMAT: 'json',
    DATABASE_URL: `postgres://zaytoon:zaytoon@127.0.0.1:${closedPort}/zaytoon`,
    REDIS_URL: redisUrl,
    API_PORT: String(apiPort),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    JOB_DATA_KEY: randomBytes(32).toString('base64url'),
    PUBLIC_ORIGIN: 'https://zaytoon.test',
    UPLOAD_DIR: resolve(dataDir, 'uploads'),
    SMTP_REQUIRE_TLS: 'false',
  };
}

/** Runs the API or worker until it exits or `ms` pass; returns its exit (undefined: still running, then stopped) and output. */
async function run(kind: keyof typeof ENTRY, env: Record<string, string>, ms = 15_000): Promise<{ code: number | null | undefined; output: string }> {
  const proc = owned({
    name: `${kind}-boot-check`,
    command: process.execPath,
    args: ['--import', 'tsx', ENTRY[kind]],
    cwd: repoRoot,
    env,
    show: () => false,
  });
  const exit = await Promise.race([proc.exited, sleep(ms).then(() => undefined)]);
  if (!exit) await proc.stop(5_000);
  return { code: exit?.code, output: proc.tail.join('\n') };
}

describe('F7: production boot checks', () => {
  it('refuses a Redis whose maxmemory-policy may evict keys (API and worker)', async () => {
    const env = await productionEnv(await redis('evicting', { appendOnly: true, maxmemoryPolicy: 'allkeys-lru' }));
    for (const kind of ['api', 'worker'] as const) {
      const { code, output } = await run(kind, env);
      expect(code, `${kind}:\n${output}`).toBe(1);
      expect(output).toMatch(/refusing to run: Redis maxmemory-policy is allkeys-lru; it must be noeviction/);
    }
  });

  it('refuses a Redis with appendonly off (API and worker)', async () => {
    const env = await productionEnv(await redis('no-aof', { appendOnly: false }));
    for (const kind of ['api', 'worker'] as const) {
      const { code, output } = await run(kind, env);
      expect(code, `${kind}:\n${output}`).toBe(1);
      expect(output).toMatch(/refusing to run: Redis appendonly is no; it must be yes/);
    }
  });

  it('refuses a missing or short SESSION_SECRET (API and worker)', async () => {
    const env = await productionEnv(await redis('secret', { appendOnly: true }));
    // Empty, not absent: the children start from this process's environment, which may have one.
    const withoutSecret = { ...env, SESSION_SECRET: '' };
    for (const kind of ['api', 'worker'] as const) {
      const missing = await run(kind, withoutSecret);
      expect(missing.code, missing.output).toBe(1);
      expect(missing.output).toContain('SESSION_SECRET must be set in production');
      const short = await run(kind, { ...env, SESSION_SECRET: 'only-twenty-chars-xx' });
      expect(short.code, short.output).toBe(1);
      expect(short.output).toContain('SESSION_SECRET must be at least 32 characters in production');
    }
  });

  it('refuses a PUBLIC_ORIGIN that is not an origin and a missing JOB_DATA_KEY, saying so (API and worker)', async () => {
    const env = await productionEnv(await redis('origin', { appendOnly: true }));
    for (const kind of ['api', 'worker'] as const) {
      const path = await run(kind, { ...env, PUBLIC_ORIGIN: 'https://zaytoon.test/app' });
      expect(path.code, path.output).toBe(1);
      expect(path.output).toContain('PUBLIC_ORIGIN must be an http(s) origin alone');
      const withoutKey = await run(kind, { ...env, JOB_DATA_KEY: '' });
      expect(withoutKey.code, withoutKey.output).toBe(1);
      expect(withoutKey.output).toContain('JOB_DATA_KEY must be set in production');
    }
  });

  it('starts with a safe Redis and a long secret; REDIS_SETTINGS_CHECK=off lets an operator vouch for a hosted Redis', async () => {
    const safe = await productionEnv(await redis('safe', { appendOnly: true }));
    const api = await run('api', safe, 4_000);
    expect(api.code, api.output).toBeUndefined();
    expect(api.output).not.toMatch(/refusing to run/);

    const vouched = await productionEnv(await redis('vouched', { appendOnly: false }));
    const worker = await run('worker', { ...vouched, REDIS_SETTINGS_CHECK: 'off' }, 4_000);
    expect(worker.code, worker.output).toBeUndefined();
  });
});
