// nginx for `npm start`, `npm test` and the scale-out tests: the front door on the shell's port and each
// remote's static server on its own port, each its own nginx master (so the admin remote can be
// stopped or released alone), configured by infra/frontdoor/nginx-config.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  frontDoorConfig,
  remoteServerConfig,
  type FrontDoorSettings,
  type NginxProcessSettings,
  type RemoteServerSettings,
} from '../frontdoor/nginx-config';
import { log } from './log';
import { waitForHttp } from './net';
import { othersCanReach } from './postgres';
import type { ManagedProcess, Starter } from './supervisor';
import { aptInstall, canInstallWithApt, ensureProgram } from './system-program';

const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const BROTLI_PACKAGE = 'libnginx-mod-http-brotli-static';

export interface NginxInstall {
  binary: string;
  brotliModule?: string;
  mimeTypes: string;
}

let install: NginxInstall | undefined;

/** nginx and its brotli_static module, installed with apt when missing (as redis-server is). */
export function ensureNginx(): NginxInstall {
  if (install) return install;
  const binary = ensureProgram({
    binary: 'nginx',
    debianPackages: ['nginx', BROTLI_PACKAGE],
    hints: ['Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y nginx ' + BROTLI_PACKAGE, 'macOS:         brew install nginx'],
  });
  if (!existsSync(BROTLI_STATIC_MODULE) && canInstallWithApt()) aptInstall([BROTLI_PACKAGE]);
  const brotliModule = existsSync(BROTLI_STATIC_MODULE) ? BROTLI_STATIC_MODULE : undefined;
  if (!brotliModule) log.warn(`nginx has no brotli_static module (${BROTLI_PACKAGE}): assets are served gzip-compressed only`);
  const mimeTypes = ['/etc/nginx/mime.types', '/usr/local/etc/nginx/mime.types', '/opt/homebrew/etc/nginx/mime.types'].find(existsSync);
  if (!mimeTypes) throw new Error('nginx is installed but its mime.types was not found');
  install = { binary, brotliModule, mimeTypes };
  return install;
}

let ipv6Loopback: boolean | undefined;

async function hasIpv6Loopback(): Promise<boolean> {
  ipv6Loopback ??= await new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => server.close(() => resolve(true)));
  });
  return ipv6Loopback;
}

/** Loopback only, both families when the machine has them ("localhost" may resolve to either). */
export async function loopbackListen(port: number): Promise<string[]> {
  return (await hasIpv6Loopback()) ? [`127.0.0.1:${port}`, `[::1]:${port}`] : [`127.0.0.1:${port}`];
}

/** Settings every nginx process shares; `prefix` holds its config, pid and temporary files. */
export function nginxProcessSettings(prefix: string, listen: string[], overrides: Partial<NginxProcessSettings> = {}): NginxProcessSettings {
  const { brotliModule, mimeTypes } = ensureNginx();
  return {
    listen,
    prefix,
    workerProcesses: 1,
    accessLog: false,
    brotliModule,
    mimeTypes,
    ...overrides,
  };
}

export interface NginxServer {
  name: string;
  /** http://localhost:port (https with TLS) */
  url: string;
  proc: ManagedProcess;
  configFile: string;
}

/** Writes the configuration, checks it with `nginx -t`, and starts nginx in the foreground. */
export async function startNginx(name: string, settings: NginxProcessSettings, config: string, start: Starter, probe: string): Promise<NginxServer> {
  const { binary } = ensureNginx();
  mkdirSync(join(settings.prefix, 'temp'), { recursive: true });
  const configFile = join(settings.prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const base = ['-p', settings.prefix, '-c', configFile, '-e', 'stderr'];
  const check = spawnSync(binary, [...base, '-t', '-q'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx rejected ${configFile}:\n${check.stderr}`);
  const proc = start({ name, command: binary, args: [...base, '-g', 'daemon off;'] });
  const ca = settings.tls ? readFileSync(settings.tls.certificateFile, 'utf8') : undefined;
  await waitForHttp(probe, { timeoutMs: 30_000, abort: proc.exited, ca });
  return { name, url: new URL(probe).origin, proc, configFile };
}

/**
 * As root, the master hands requests to unprivileged workers (nobody), which must be able to reach the
 * files they serve and nginx's temporary files; a checkout or build under a private directory keeps root.
 */
function workerUser(dirs: string[]): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return dirs.every((dir) => othersCanReach(join(dir, 'file'))) ? 'nobody nogroup' : 'root';
}

export function startFrontDoor(name: string, settings: FrontDoorSettings, start: Starter, probe: string): Promise<NginxServer> {
  const withUser = { ...settings, user: settings.user ?? workerUser([settings.prefix, settings.shellRoot]) };
  return startNginx(name, withUser, frontDoorConfig(withUser), start, probe);
}

export function startRemoteServer(name: string, settings: RemoteServerSettings, start: Starter, probe: string): Promise<NginxServer> {
  const withUser = { ...settings, user: settings.user ?? workerUser([settings.prefix, settings.root]) };
  return startNginx(name, withUser, remoteServerConfig(withUser), start, probe);
}
