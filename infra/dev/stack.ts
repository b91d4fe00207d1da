// The pieces `npm start` (start.ts) and `npm test` (test.ts) share: provision Postgres and
// Redis, migrate and seed, build the front-ends, start the mail catcher, API, worker and the
// three front ends (nginx in front of their builds, or Vite's dev servers), and describe exactly which environment each one receives.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { StackConfig } from './config';
import { repoRoot } from './config';
import { tileOrigin } from '@zaytoon/contract/client';
import { runtimeConfigFromEnv, webAppManifest } from '@zaytoon/shell/runtime-config';
import { uncachedReadLimitFromEnv, type RemoteName } from '../frontdoor/nginx-config';
import { log } from './log';
import { loopbackListen, nginxProcessSettings, startFrontDoor, startRemoteServer, type NginxServer } from './nginx';
import { assertPortFree, waitForHttp } from './net';
import { provisionPostgres, type PostgresHandle } from './postgres';
import { provisionRedis } from './redis';
import { Supervisor, describeExit, superviseWith, type ManagedProcess, type Starter } from './supervisor';

export interface Infra {
  postgres: PostgresHandle;
  databaseUrl: string;
  redisUrl: string;
}

/** The database and Redis the applications use (the e2e stack uses its own). */
export interface Backing {
  databaseUrl: string;
  redisUrl: string;
}

/** Bodies above this are refused at the front door; the API's own limits (10 MB photos with their form) answer below it. */
const FRONT_DOOR_MAX_BODY = '11m';

export const FRONTENDS = [
  { name: 'shell', dir: 'shell', pkg: '@zaytoon/shell', port: (c: StackConfig) => c.ports.shell, probe: '/' },
  { name: 'directory', dir: 'mfe-directory', pkg: '@zaytoon/mfe-directory', port: (c: StackConfig) => c.ports.directory, probe: '/mf-manifest.json' },
  { name: 'admin', dir: 'mfe-admin', pkg: '@zaytoon/mfe-admin', port: (c: StackConfig) => c.ports.admin, probe: '/mf-manifest.json' },
] as const;

export function createSupervisor(config: StackConfig): Supervisor {
  const supervisor = new Supervisor(join(config.dataDir, 'run'));
  supervisor.installSignalHandlers();
  return supervisor;
}

// ---- infrastructure ----------------------------------------------------------------------------

export async function provisionInfra(config: StackConfig, supervisor: Supervisor): Promise<Infra> {
  mkdirSync(config.dataDir, { recursive: true });
  await supervisor.reapLeftovers();
  const infraStarter = superviseWith(supervisor, false);
  const postgres = await provisionPostgres(infraStarter, {
    dataDir: config.dataDir,
    port: config.ports.postgres,
    externalUrl: config.externalDatabaseUrl,
    fast: config.mode === 'test',
  });
  const redisUrl = await provisionRedis(infraStarter, {
    dataDir: config.dataDir,
    port: config.ports.redis,
    externalUrl: config.externalRedisUrl,
    appendOnly: config.redisAppendOnly,
  });
  return { postgres, databaseUrl: postgres.url, redisUrl };
}

/** Same Redis server, another logical database (so e2e never sees the API tests' keys). */
export function withRedisDb(url: string, db: number): string {
  const parsed = new URL(url);
  parsed.pathname = `/${db}`;
  return parsed.toString();
}

export function sessionSecret(config: StackConfig): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

// ---- database content --------------------------------------------------------------------------

export async function migrate(databaseUrl: string): Promise<void> {
  const started = Date.now();
  const { runMigrations } = await import('@zaytoon/core/migrate');
  await runMigrations(databaseUrl, (message: string) => log.info(`migrate: ${message.trim()}`));
  log.info(`migrations done in ${Date.now() - started} ms`);
}

export async function seed(databaseUrl: string, adminPassword: string): Promise<void> {
  const { seedDemoData } = await import('../seed/seed');
  await seedDemoData(databaseUrl, { adminPassword, log: (message: string) => log.info(`seed: ${message}`) });
}

// ---- environments ------------------------------------------------------------------------------

/** Exactly what each child process gets on top of the parent's environment. */
export function childEnvironments(config: StackConfig, backing: Backing, secret: string) {
  const shared = {
    NODE_ENV: config.mode,
    PRODUCT_NAME: config.productName,
  };
  const frontend = {
    ...shared,
    SHELL_PORT: String(config.ports.shell),
    DIRECTORY_PORT: String(config.ports.directory),
    ADMIN_PORT: String(config.ports.admin),
    API_ORIGIN: config.apiOrigin,
    DIRECTORY_REMOTE_URL: config.directoryRemoteUrl,
    ADMIN_REMOTE_URL: config.adminRemoteUrl,
    MAP_TILE_URL: process.env.MAP_TILE_URL ?? '',
    MAP_TILE_ATTRIBUTION: process.env.MAP_TILE_ATTRIBUTION ?? '',
  };
  const backend = {
    ...shared,
    DATA_DIR: config.dataDir,
    DATABASE_URL: backing.databaseUrl,
    REDIS_URL: backing.redisUrl,
    API_PORT: String(config.ports.api),
    SESSION_SECRET: secret,
    PUBLIC_ORIGIN: config.publicOrigin,
    // Outside production every mail goes to the dev catcher.
    SMTP_HOST: 'localhost',
    SMTP_PORT: String(config.ports.mailSmtp),
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    SMTP_PASS: '',
    MAIL_FROM: config.mailFrom,
    UPLOAD_DIR: config.uploadDir,
    RATE_LIMIT_ALLOWLIST: config.rateLimitAllowlist,
    // Every browser test signs the dev admin in; the per-account limit still applies, just not at 10.
    ...(config.mode === 'test' ? { RATE_LIMIT_LOGIN_PER_ACCOUNT: '200' } : {}),
    WORKER_CONCURRENCY: config.workerConcurrency,
  };
  const mailCatcher = {
    MAIL_CATCHER_SMTP_PORT: String(config.ports.mailSmtp),
    MAIL_CATCHER_HTTP_PORT: String(config.ports.mailHttp),
  };
  // Browser tests check links served by their own HTTP server on 127.0.0.1, which the SSRF guard refuses otherwise. Only
  // the stack's own processes get it: the test suites given `backend` start production processes, which refuse it.
  // The open data files are rebuilt every 10 minutes after a change; the browser tests wait seconds.
  const stackProcess = config.mode === 'test' ? { ...backend, LINK_CHECK_ALLOW_PRIVATE: 'true', OPEN_DATA_REBUILD_EVERY_MS: '2000' } : backend;
  return { frontend, backend, mailCatcher, api: stackProcess, worker: stackProcess };
}

// ---- processes ---------------------------------------------------------------------------------

/** A TypeScript entry point run by node with tsx's loader (one process, so signals reach it directly). */
function tsxCommand(entry: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', entry] };
}

/** Preloaded before the API's and the worker's main: starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, else nothing. */
export const TRACING_PRELOAD = './services/core/src/telemetry/tracing.preload.ts';

/** The API or the worker from source, as `npm start` runs them (tracing preloaded). */
export function serverCommand(entry: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', '--import', TRACING_PRELOAD, entry] };
}

export function mailboxUrl(config: StackConfig): string {
  return `http://localhost:${config.ports.mailHttp}`;
}

export async function startMailCatcher(config: StackConfig, supervisor: Supervisor): Promise<void> {
  await assertPortFree(config.ports.mailSmtp, 'mail catcher SMTP', 'MAIL_CATCHER_SMTP_PORT');
  await assertPortFree(config.ports.mailHttp, 'mail catcher HTTP', 'MAIL_CATCHER_HTTP_PORT');
  const proc = supervisor.start({
    name: 'mail',
    ...tsxCommand('infra/dev/mail-catcher.ts'),
    cwd: repoRoot,
    env: childEnvironments(config, { databaseUrl: '', redisUrl: '' }, '').mailCatcher,
  });
  await waitForHttp(`${mailboxUrl(config)}/healthz`, { timeoutMs: 30_000, ready: (s) => s === 200, abort: proc.exited });
}

/** A package's folder, found the way node finds it from `fromDir` (whatever its "exports" allow). */
function packageDir(name: string, fromDir = repoRoot): string {
  for (const base of createRequire(join(fromDir, 'package.json')).resolve.paths(name) ?? []) {
    if (existsSync(join(base, name, 'package.json'))) return join(base, name);
  }
  throw new Error(`${name} is not installed (run npm install)`);
}

export function vitestCommand(args: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [join(packageDir('vitest'), 'vitest.mjs'), ...args] };
}

/** The Playwright Test runner (the browser tests, infra/e2e/playwright.config.ts). */
export function playwrightCommand(args: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [join(packageDir('@playwright/test'), 'cli.js'), ...args] };
}

export function turboCommand(args: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [join(packageDir('turbo'), 'bin', 'turbo'), ...args] };
}

export async function buildFrontends(config: StackConfig, supervisor: Supervisor): Promise<boolean> {
  const started = Date.now();
  const env = childEnvironments(config, { databaseUrl: '', redisUrl: '' }, '').frontend;
  const exit = await supervisor.run({
    name: 'build',
    ...turboCommand(['run', 'build', ...FRONTENDS.map((f) => `--filter=${f.pkg}`), '--output-logs=new-only']),
    cwd: repoRoot,
    // A production bundle whatever mode we run in; remote URLs are read at run time, not baked in.
    env: { ...env, NODE_ENV: 'production', TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (exit.code !== 0) {
    log.error(`front-end build failed (${describeExit(exit)})`);
    return false;
  }
  log.info(`front-ends built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

function viteBin(appDir: string): string {
  return join(packageDir('vite', join(repoRoot, appDir)), 'bin', 'vite.js');
}

export interface ScaleOut {
  /** API processes behind the front door (on API_PORT, API_PORT+1, …). */
  apis: number;
  workers: number;
}

/** The ports of `count` API processes: API_PORT, API_PORT+1, … */
export function apiPorts(config: StackConfig, count: number): number[] {
  return Array.from({ length: count }, (_, index) => config.ports.api + index);
}

/** A front-end URL's origin when it is not the shell page's own: only other origins need naming in the CSP or preconnecting. */
function otherOrigin(config: StackConfig, url: string): string[] {
  const own = new URL(config.publicOrigin).origin;
  const origin = new URL(url, own).origin;
  return origin === own ? [] : [origin];
}

export interface FrontDoorAndRemotes {
  frontDoor: NginxServer;
  remotes: Record<RemoteName, NginxServer>;
}

/**
 * Serves the built front-ends: each remote from its own nginx on its own port, and the front door
 * (the shell, /runtime-config.json, /api and /ops to the API processes) on the shell's port.
 */
export async function startFrontDoorAndRemotes(config: StackConfig, start: Starter, apiPortList: number[]): Promise<FrontDoorAndRemotes> {
  const nginxDir = join(config.dataDir, 'nginx');
  const remoteUpstreams: Partial<Record<RemoteName, string>> = {};
  const remotes = {} as Record<RemoteName, NginxServer>;
  await Promise.all(
    FRONTENDS.filter((frontend) => frontend.name !== 'shell').map(async (remote) => {
      const name = remote.name as RemoteName;
      const port = remote.port(config);
      remoteUpstreams[name] = `127.0.0.1:${port}`;
      const settings = { ...nginxProcessSettings(join(nginxDir, name), await loopbackListen(port)), root: join(repoRoot, remote.dir, 'dist') };
      remotes[name] = await startRemoteServer(name, settings, start, `http://localhost:${port}${remote.probe}`);
    }),
  );
  const envs = childEnvironments(config, { databaseUrl: '', redisUrl: '' }, '');
  const runtimeConfigFile = join(nginxDir, 'runtime-config.json');
  const runtimeConfig = runtimeConfigFromEnv(envs.frontend);
  writeFileSync(runtimeConfigFile, JSON.stringify(runtimeConfig));
  const webManifestFile = join(nginxDir, 'manifest.webmanifest');
  writeFileSync(webManifestFile, JSON.stringify(webAppManifest(runtimeConfig)));
  const frontDoor = await startFrontDoor(
    'frontdoor',
    {
      ...nginxProcessSettings(join(nginxDir, 'frontdoor'), await loopbackListen(config.ports.shell), { workerProcesses: 'auto' }),
      shellRoot: join(repoRoot, 'shell', 'dist'),
      runtimeConfigFile,
      webManifestFile,
      apiUpstreams: apiPortList.map((port) => `127.0.0.1:${port}`),
      remoteUpstreams,
      remoteOrigins: [config.directoryRemoteUrl, config.adminRemoteUrl].flatMap((url) => otherOrigin(config, url)),
      mapTileOrigin: tileOrigin(runtimeConfig.mapTiles.url),
      preconnectOrigins: otherOrigin(config, config.directoryRemoteUrl),
      directoryManifest: runtimeConfig.remotes.directory || undefined,
      hsts: false,
      trustedProxies: [],
      maxBodySize: FRONT_DOOR_MAX_BODY,
      uncachedReadLimit: uncachedReadLimitFromEnv({ ...process.env, RATE_LIMIT_ALLOWLIST: config.rateLimitAllowlist }),
    },
    start,
    `http://localhost:${config.ports.shell}/`,
  );
  return { frontDoor, remotes };
}

/** `npm run dev`: Vite's dev servers with hot reload (the shell's proxies /api and /ops to the API). */
function startViteDevServers(config: StackConfig, supervisor: Supervisor, watch: (proc: ManagedProcess, url: string) => void): void {
  const envs = childEnvironments(config, { databaseUrl: '', redisUrl: '' }, '');
  for (const frontend of FRONTENDS) {
    const port = String(frontend.port(config));
    const proc = supervisor.start(
      {
        name: frontend.name,
        command: process.execPath,
        args: [viteBin(frontend.dir), '--port', port, '--strictPort'],
        cwd: join(repoRoot, frontend.dir),
        env: { ...envs.frontend, NODE_ENV: 'development' },
      },
      { restart: true },
    );
    watch(proc, `http://localhost:${port}${frontend.name === 'shell' ? '/' : '/remoteEntry.js'}`);
  }
}

/**
 * Starts the API and worker processes, then the front-ends (nginx in front of the builds, or Vite's dev
 * servers), and waits until each answers.
 */
export async function startApplications(
  config: StackConfig,
  supervisor: Supervisor,
  backing: Backing,
  secret: string,
  { apis = 1, workers = 1, frontends = 'built' }: Partial<ScaleOut> & { frontends?: 'built' | 'vite-dev' } = {},
): Promise<void> {
  const envs = childEnvironments(config, backing, secret);
  const ports = apiPorts(config, apis);
  for (const port of ports) await assertPortFree(port, 'API', 'API_PORT');
  for (const frontend of FRONTENDS) {
    await assertPortFree(frontend.port(config), `${frontend.name} server`, `${frontend.name.toUpperCase()}_PORT`);
  }

  const waits: Promise<void>[] = [];
  const watch = (proc: ManagedProcess, url: string, ready?: (status: number) => boolean) =>
    waits.push(waitForHttp(url, { timeoutMs: 90_000, ready, abort: proc.exited }));

  // npm start keeps the apps up when one crashes (a remote released alone must not take the shell down);
  // npm test stops at the first crash, so a crash is never hidden from a test run.
  const restart = config.mode !== 'test';
  const numbered = (name: string, index: number, count: number) => (count > 1 ? `${name}-${index + 1}` : name);
  ports.forEach((port, index) => {
    const api = supervisor.start(
      {
        name: numbered('api', index, apis),
        ...serverCommand('services/api/src/main.ts'),
        cwd: repoRoot,
        env: { ...envs.api, API_PORT: String(port) },
      },
      { restart },
    );
    watch(api, `http://localhost:${port}/readyz`, (status) => status === 200);
  });
  for (let index = 0; index < workers; index++) {
    supervisor.start(
      { name: numbered('worker', index, workers), ...serverCommand('services/worker/src/main.ts'), cwd: repoRoot, env: envs.worker },
      { restart },
    );
  }

  if (frontends === 'vite-dev') startViteDevServers(config, supervisor, watch);
  await Promise.all(waits);
  if (frontends === 'built') await startFrontDoorAndRemotes(config, superviseWith(supervisor, restart), ports);
}
