// The front-end images' entry point (infra/docker/frontend.Dockerfile): renders nginx's configuration
// from the environment into NGINX_PREFIX (a writable /tmp in read-only containers), then the image
// runs nginx on it.
//   node container.mjs frontdoor   the shell's build, /runtime-config.json, /api and /ops to API_UPSTREAMS,
//                                  /remotes/<name>/ to DIRECTORY_UPSTREAM and ADMIN_UPSTREAM; HTTPS and HTTP/2
//                                  when given TLS_CERTIFICATE_FILE and TLS_KEY_FILE, and then plain HTTP on
//                                  HTTP_REDIRECT_PORT redirected to PUBLIC_ORIGIN
//   node container.mjs remote      a remote's build (STATIC_ROOT) with CORS
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tileOrigin } from '@zaytoon/contract/client';
import { runtimeConfigFromEnv, webAppManifest } from '@zaytoon/shell/runtime-config';
import {
  frontDoorConfig,
  remoteServerConfig,
  type FrontDoorSettings,
  type NginxProcessSettings,
  type RemoteName,
  type TlsFiles,
  uncachedReadLimitFromEnv,
} from './nginx-config';

type Env = Record<string, string | undefined>;

const RUNTIME_CONFIG_FILE = 'runtime-config.json';
const WEB_MANIFEST_FILE = 'manifest.webmanifest';
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function upstream(name: string, value: string): string {
  if (!/^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/.test(value)) throw new Error(`${name}=${value} is not host:port`);
  return value;
}

function switchedOn(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'off' || value === 'false') return false;
  if (value === 'on' || value === 'true') return true;
  throw new Error(`${name}=${value}: use on or off`);
}

/** TLS_CERTIFICATE_FILE and TLS_KEY_FILE (PEM): the front door then serves HTTPS and HTTP/2 on LISTEN_PORT. */
function tlsFiles(env: Env): TlsFiles | undefined {
  const certificateFile = env.TLS_CERTIFICATE_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (!certificateFile && !keyFile) return undefined;
  if (!certificateFile || !keyFile) throw new Error('TLS_CERTIFICATE_FILE and TLS_KEY_FILE go together');
  return { certificateFile, keyFile };
}

function processSettings(env: Env, prefix: string): NginxProcessSettings {
  const port = env.LISTEN_PORT || '8080';
  if (!/^\d{1,5}$/.test(port)) throw new Error(`LISTEN_PORT=${port} is not a port`);
  return {
    listen: [port],
    prefix,
    workerProcesses: 'auto',
    accessLog: true,
    brotliModule: existsSync(BROTLI_STATIC_MODULE) ? BROTLI_STATIC_MODULE : undefined,
    mimeTypes: '/etc/nginx/mime.types',
  };
}

/** HTTP_REDIRECT_PORT, with TLS: plain HTTP there answers 301 to the same path on PUBLIC_ORIGIN. */
function httpsRedirect(env: Env, origin: string): FrontDoorSettings['httpsRedirect'] {
  const port = env.HTTP_REDIRECT_PORT || undefined;
  if (!port) return undefined;
  if (!/^\d{1,5}$/.test(port)) throw new Error(`HTTP_REDIRECT_PORT=${port} is not a port`);
  if (!tlsFiles(env) || new URL(origin).protocol !== 'https:') {
    throw new Error('HTTP_REDIRECT_PORT needs TLS_CERTIFICATE_FILE, TLS_KEY_FILE and an https PUBLIC_ORIGIN');
  }
  return { listen: [port], origin };
}

/** The nginx configuration (and, for the front door, the runtime config and web app manifest it serves) for `role`. */
export function renderContainerConfig(role: string, env: Env): { config: string; runtimeConfig?: string; webManifest?: string } {
  const prefix = env.NGINX_PREFIX || '/tmp/nginx';
  const settings = processSettings(env, prefix);
  if (role === 'remote') return { config: remoteServerConfig({ ...settings, root: env.STATIC_ROOT || '/app/dist' }) };
  if (role !== 'frontdoor') throw new Error(`unknown role "${role}": frontdoor or remote`);
  const tls = tlsFiles(env);

  const publicOrigin = env.PUBLIC_ORIGIN;
  if (!publicOrigin) throw new Error('PUBLIC_ORIGIN is required (the address browsers use)');
  if (!URL.canParse(publicOrigin)) throw new Error(`PUBLIC_ORIGIN=${publicOrigin} is not a URL`);
  const own = new URL(publicOrigin).origin;
  const runtime = runtimeConfigFromEnv(env);
  const otherOrigin = (url: string) => (url && new URL(url, own).origin !== own ? [new URL(url, own).origin] : []);
  const apiUpstreams = list(env.API_UPSTREAMS).map((value) => upstream('API_UPSTREAMS', value));
  const remoteUpstreams: Partial<Record<RemoteName, string>> = {};
  if (env.DIRECTORY_UPSTREAM) remoteUpstreams.directory = upstream('DIRECTORY_UPSTREAM', env.DIRECTORY_UPSTREAM);
  if (env.ADMIN_UPSTREAM) remoteUpstreams.admin = upstream('ADMIN_UPSTREAM', env.ADMIN_UPSTREAM);
  const config = frontDoorConfig({
    ...settings,
    tls,
    shellRoot: env.STATIC_ROOT || '/app/dist',
    runtimeConfigFile: join(prefix, RUNTIME_CONFIG_FILE),
    webManifestFile: join(prefix, WEB_MANIFEST_FILE),
    apiUpstreams,
    remoteUpstreams,
    remoteOrigins: Object.values(runtime.remotes).flatMap(otherOrigin),
    mapTileOrigin: tileOrigin(runtime.mapTiles.url),
    preconnectOrigins: otherOrigin(runtime.remotes.directory),
    directoryManifest: runtime.remotes.directory || undefined,
    hsts: switchedOn('HSTS', env.HSTS),
    trustedProxies: list(env.FRONTDOOR_TRUSTED_PROXIES),
    maxBodySize: env.MAX_BODY_SIZE || '11m',
    httpsRedirect: httpsRedirect(env, own),
    uncachedReadLimit: uncachedReadLimitFromEnv(env),
  });
  return { config, runtimeConfig: JSON.stringify(runtime), webManifest: JSON.stringify(webAppManifest(runtime)) };
}

function main(): void {
  const role = process.argv[2] ?? '';
  const prefix = process.env.NGINX_PREFIX || '/tmp/nginx';
  try {
    const { config, runtimeConfig, webManifest } = renderContainerConfig(role, process.env);
    mkdirSync(join(prefix, 'temp'), { recursive: true });
    writeFileSync(join(prefix, 'nginx.conf'), config);
    if (runtimeConfig) writeFileSync(join(prefix, RUNTIME_CONFIG_FILE), runtimeConfig);
    if (webManifest) writeFileSync(join(prefix, WEB_MANIFEST_FILE), webManifest);
  } catch (error) {
    console.error(`front-end container: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && /container\.(ts|mjs|js)$/.test(process.argv[1])) main();
