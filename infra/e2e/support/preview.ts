// Extra front-end servers for browser tests that must change or stop a server without disturbing
// the stack under test (other test files, or other stacks built from the same checkout), on a free
// port: a remote's build served by its own nginx, as in production (from its own build directory, so
// a test can deploy a new release into it), or `vite preview` of the shell with its own runtime config.
// Stopped by the test (and on exit, whatever happens).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopbackListen, nginxProcessSettings, startRemoteServer } from '../../dev/nginx';
import { ManagedProcess } from '../../dev/supervisor';
import { e2e } from './env';

export const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export type FrontendApp = 'shell' | 'mfe-admin' | 'mfe-directory';

export interface FrontendServer {
  app: FrontendApp;
  port: number;
  /** http://localhost:port */
  origin: string;
  /** The directory served (a remote's build output). */
  outDir: string;
  /** The manifest URL a shell registers for this remote (remotes only). */
  manifestUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/**
 * The environment of a vite child: this process's, minus vitest's markers (VITEST, VITEST_*,
 * JEST_WORKER_ID), which make @module-federation/vite skip itself as if inside a unit test.
 */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'VITEST' || key.startsWith('VITEST_') || key === 'JEST_WORKER_ID') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

function viteBin(app: FrontendApp): string {
  for (const base of [join(repoRoot, app), repoRoot]) {
    const bin = join(base, 'node_modules', 'vite', 'bin', 'vite.js');
    if (existsSync(bin)) return bin;
  }
  throw new Error('vite is not installed (run npm install)');
}

/** A port nobody listens on right now (the kernel's pick: an ephemeral port, never one browsers refuse). */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForAnswer(url: string, child: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`vite preview exited (${child.exitCode ?? child.signalCode}) before answering ${url}:\n${output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`vite preview did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** Is anything answering at this origin? */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** A remote's build directory served by its own nginx (infra/dev/nginx.ts), as `npm start` and production serve it. */
async function startRemoteNginx(app: Exclude<FrontendApp, 'shell'>, port: number, outDir: string): Promise<FrontendServer> {
  const prefix = mkdtempSync(join(tmpdir(), `zaytoon-${app}-nginx-`));
  const origin = `http://localhost:${port}`;
  const manifestUrl = `${origin}/mf-manifest.json`;
  const server = await startRemoteServer(
    app,
    { ...nginxProcessSettings(prefix, await loopbackListen(port)), root: outDir },
    (spec) => new ManagedProcess({ ...spec, show: () => false }),
    manifestUrl,
  );
  running.add(server.proc.child);
  const stop = async () => {
    await server.proc.stop();
    running.delete(server.proc.child);
    rmSync(prefix, { recursive: true, force: true });
  };
  return { app, port, origin, outDir, manifestUrl, pid: server.proc.child.pid!, stop };
}

/**
 * Starts a server for an app. A remote's nginx serves `outDir` (default: the app's dist/). The shell runs
 * in `vite preview`, whose `env` sets its runtime config: ADMIN_REMOTE_URL, DIRECTORY_REMOTE_URL,
 * API_ORIGIN (default: the stack's API).
 */
export async function startFrontendServer(
  app: FrontendApp,
  options: { outDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<FrontendServer> {
  const port = options.port ?? (await freePort());
  const outDir = resolve(options.outDir ?? join(repoRoot, app, 'dist'));
  if (app !== 'shell') return startRemoteNginx(app, port, outDir);
  const args = [viteBin(app), 'preview', '--port', String(port), '--strictPort', '--outDir', outDir];
  const env = childEnv({ API_ORIGIN: process.env.API_ORIGIN || e2e.apiUrl, PRODUCT_NAME: e2e.productName, ...options.env });
  // The app's own port variable, so its vite config agrees with --port.
  env[app === 'shell' ? 'SHELL_PORT' : app === 'mfe-admin' ? 'ADMIN_PORT' : 'DIRECTORY_PORT'] = String(port);
  const child = spawn(process.execPath, args, { cwd: join(repoRoot, app), env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    running.delete(child);
  };
  try {
    await waitForAnswer(app === 'shell' ? `${origin}/` : `${origin}/mf-manifest.json`, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { app, port, origin, outDir, manifestUrl: `${origin}/mf-manifest.json`, pid: child.pid!, stop };
}

/** A throw-away copy of a remote's current build (dist/), for a server whose files the test may change. */
export function copyBuild(app: Exclude<FrontendApp, 'shell'>): string {
  const source = join(repoRoot, app, 'dist');
  if (!existsSync(join(source, 'mf-manifest.json'))) throw new Error(`${app}/dist has no build: run the front-end build first`);
  const target = mkdtempSync(join(tmpdir(), `zaytoon-${app}-`));
  cpSync(source, target, { recursive: true });
  return target;
}

/**
 * Builds a remote from source into a temporary directory (never into the checkout), with extra
 * environment (e.g. ADMIN_BUILD_LABEL). Returns the directory; the caller removes it.
 */
export function buildRemote(app: Exclude<FrontendApp, 'shell'>, env: Record<string, string> = {}): string {
  const outDir = mkdtempSync(join(tmpdir(), `zaytoon-${app}-build-`));
  const result = spawnSync(process.execPath, [viteBin(app), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(repoRoot, app),
    env: childEnv({ NODE_ENV: 'production', ...env }),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`vite build of ${app} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    if (!existsSync(join(outDir, file))) throw new Error(`vite build of ${app} wrote no ${file}:\n${result.stdout}\n${result.stderr}`);
  }
  return outDir;
}

/**
 * Deploys a build into the directory a preview server serves, the way a static host would:
 * hashed chunks first, then remoteEntry.js, then mf-manifest.json last, so a page loading
 * meanwhile sees either the old build or the new one. Old chunks stay for pages still using them.
 */
export function deployBuild(buildDir: string, servedDir: string): void {
  const last = ['remoteEntry.js', 'mf-manifest.json'];
  for (const entry of readdirSync(buildDir)) {
    if (!last.includes(entry)) cpSync(join(buildDir, entry), join(servedDir, entry), { recursive: true, force: true });
  }
  for (const entry of last) cpSync(join(buildDir, entry), join(servedDir, entry), { force: true });
}

export function removeDir(dir: string | undefined): void {
  if (dir && dir.startsWith(tmpdir())) rmSync(dir, { recursive: true, force: true });
}
