// Redis for `npm start` / `npm test`: REDIS_URL when given, otherwise a local redis-server
// started as a supervised child on its own port, with its files in DATA_DIR/redis.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { log } from './log';
import { assertPortFree } from './net';
import type { ManagedProcess, Starter } from './supervisor';
import { ensureProgram } from './system-program';

export interface RedisOptions {
  dataDir: string;
  port: number;
  externalUrl?: string;
  /** AOF persistence (development); tests keep nothing on disk. */
  appendOnly: boolean;
  /** noeviction unless a test wants an unsafe one. */
  maxmemoryPolicy?: string;
}

const BANNER =
  /oO0OoO0O|Redis version=|Configuration loaded|Server initialized|Memory overcommit|User requested shutdown|ready to exit|Received SIGTERM/;

/** Finds redis-server, installing it through apt when we are root on Debian/Ubuntu; else explains and exits. */
export function ensureRedisServer(): string {
  return ensureProgram({
    binary: 'redis-server',
    debianPackages: ['redis-server'],
    hints: [
      'Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y redis-server',
      'macOS:         brew install redis',
      'or point REDIS_URL at a running Redis (REDIS_URL=redis://host:6379).',
    ],
  });
}

export async function provisionRedis(start: Starter, options: RedisOptions): Promise<string> {
  if (options.externalUrl) return options.externalUrl;
  await startRedisServer(start, options);
  return `redis://127.0.0.1:${options.port}`;
}

/** redis-server on 127.0.0.1:<port> with its files in <dataDir>/redis; resolves once it accepts connections. */
export async function startRedisServer(start: Starter, options: Omit<RedisOptions, 'externalUrl'>): Promise<ManagedProcess> {
  const binary = ensureRedisServer();
  await assertPortFree(options.port, 'redis-server', 'REDIS_PORT');
  const dir = resolve(options.dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const redis = start({
    name: 'redis',
    command: binary,
    stage: 0,
    // Redis marks warnings with '#'; the start and stop banners are warnings too, and not news.
    show: (line) => / # /.test(line) && !BANNER.test(line),
    args: [
      '--port',
      String(options.port),
      '--bind',
      '127.0.0.1',
      '-::1',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
      '--maxmemory-policy',
      options.maxmemoryPolicy ?? 'noeviction',
      '--appendonly',
      options.appendOnly ? 'yes' : 'no',
      ...(options.appendOnly ? [] : ['--save', '']),
      '--loglevel',
      'notice',
    ],
  });
  await redis.waitForOutput(/Ready to accept connections/, 30_000);
  log.info(
    `redis-server started on port ${options.port} in ${Date.now() - started} ms (${options.appendOnly ? 'AOF on' : 'no persistence'}, ${dir})`,
  );
  return redis;
}
