// Redis for `npm start` / `npm test`: REDIS_URL when given, otherwise a local redis-server
// started as a supervised child on its own port, with its files in DATA_DIR/redis.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { log } from './log';
import { assertPortFree } from './net';
import type { Supervisor } from './supervisor';

export interface RedisOptions {
  dataDir: string;
  port: number;
  externalUrl?: string;
  /** AOF persistence (development); tests keep nothing on disk. */
  appendOnly: boolean;
}

const BANNER = /oO0OoO0O|Redis version=|Configuration loaded|Server initialized|Memory overcommit|User requested shutdown|ready to exit|Received SIGTERM/;

const SEARCH_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/opt/homebrew/bin'];

function findRedisServer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), ...SEARCH_DIRS];
  for (const dir of dirs) {
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* keep looking */
    }
  }
  return undefined;
}

function installWithApt(): void {
  log.info('redis-server is missing: installing it with apt-get (Debian package redis-server)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'redis-server']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** Finds redis-server, installing it through apt when we are root on Debian/Ubuntu; else explains and exits. */
export function ensureRedisServer(): string {
  let binary = findRedisServer();
  if (!binary && process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0) {
    installWithApt();
    binary = findRedisServer();
  }
  if (!binary) {
    log.error(
      [
        'redis-server was not found and cannot be installed automatically here.',
        '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y redis-server',
        '  macOS:         brew install redis',
        '  or point REDIS_URL at a running Redis (REDIS_URL=redis://host:6379).',
      ].join('\n'),
    );
    process.exit(1);
  }
  return binary;
}

export async function provisionRedis(supervisor: Supervisor, options: RedisOptions): Promise<string> {
  if (options.externalUrl) return options.externalUrl;
  const binary = ensureRedisServer();
  await assertPortFree(options.port, 'redis-server', 'REDIS_PORT');
  const dir = resolve(options.dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const redis = supervisor.start({
    name: 'redis',
    command: binary,
    stage: 0,
    // Redis marks warnings with '#'; the start and stop banners are warnings too, and not news.
    show: (line) => / # /.test(line) && !BANNER.test(line),
    args: [
      '--port', String(options.port),
      '--bind', '127.0.0.1', '-::1',
      '--dir', dir,
      '--daemonize', 'no',
      '--protected-mode', 'yes',
      '--maxmemory-policy', 'noeviction',
      '--appendonly', options.appendOnly ? 'yes' : 'no',
      ...(options.appendOnly ? [] : ['--save', '']),
      '--loglevel', 'notice',
    ],
  });
  await redis.waitForOutput(/Ready to accept connections/, 30_000);
  log.info(`redis-server started on port ${options.port} in ${Date.now() - started} ms (${options.appendOnly ? 'AOF on' : 'no persistence'}, ${dir})`);
  return `redis://127.0.0.1:${options.port}`;
}
