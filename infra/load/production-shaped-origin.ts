// The running stack as a production deployment serves it to browsers: one https origin with HTTP/2 (docker-compose's
// front door with TLS_CERTIFICATE_FILE, or the Ingress in infra/k8s), the remotes under /remotes/<name>/ of that
// origin. `npm start` serves plain HTTP/1.1 on loopback, with each remote on its own port; a browser then opens six
// connections per origin and pays a round trip per request on each, which no production visitor does.
// This is another nginx, rendered by the same infra/frontdoor/nginx-config.ts, in front of the running stack's
// front door (for /api and /ops) and remote servers, over this checkout's shell build.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webAppManifest, type ShellRuntimeConfig } from '@zaytoon/shell/runtime-config';
import { repoRoot } from '../dev/config';
import { nginxProcessSettings, startFrontDoor } from '../dev/nginx';
import { quietProcesses } from '../dev/supervisor';
import { freePort } from '../e2e/support/preview';
import { chromiumTrusting, createLoopbackCertificate } from '../frontdoor/loopback-certificate';
import type { RemoteName } from '../frontdoor/nginx-config';

export interface ProductionShapedOrigin {
  /** https://127.0.0.1:port */
  url: string;
  /** What Chromium needs to accept its certificate. */
  chromiumArgs: string[];
  stop(): Promise<void>;
}

function loopbackAddress(url: URL): string {
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) throw new Error(`${url.href} is not on this machine`);
  return `${url.hostname === '[::1]' ? '[::1]' : '127.0.0.1'}:${url.port || 80}`;
}

export async function startProductionShapedOrigin(stackUrl: string): Promise<ProductionShapedOrigin> {
  const stack = new URL(stackUrl);
  const shellRoot = join(repoRoot, 'shell', 'dist');
  const served = await (await fetch(new URL('/', stack))).text();
  if (served !== readFileSync(join(shellRoot, 'index.html'), 'utf8')) {
    throw new Error(`${stack.origin} serves another shell build than ${shellRoot}: run the bench from the checkout that runs the stack`);
  }
  const running = (await (await fetch(new URL('/runtime-config.json', stack))).json()) as ShellRuntimeConfig;

  const work = mkdtempSync(join(tmpdir(), 'zaytoon-production-shape-'));
  const { start, stopAll } = quietProcesses();
  const stop = async () => {
    await stopAll();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const url = `https://127.0.0.1:${port}`;
    const remoteUpstreams: Partial<Record<RemoteName, string>> = {};
    const remotes: ShellRuntimeConfig['remotes'] = { ...running.remotes };
    for (const name of Object.keys(running.remotes) as RemoteName[]) {
      if (!running.remotes[name]) continue;
      const manifest = new URL(running.remotes[name], stack);
      if (manifest.origin === stack.origin) throw new Error(`the stack already serves the ${name} remote from its own origin: measure it directly`);
      remoteUpstreams[name] = loopbackAddress(manifest);
      remotes[name] = `${url}/remotes/${name}${manifest.pathname}`;
    }
    const runtimeConfig: ShellRuntimeConfig = { ...running, remotes };
    const runtimeConfigFile = join(work, 'runtime-config.json');
    writeFileSync(runtimeConfigFile, JSON.stringify(runtimeConfig));
    const webManifestFile = join(work, 'manifest.webmanifest');
    writeFileSync(webManifestFile, JSON.stringify(webAppManifest(runtimeConfig)));
    const certificate = createLoopbackCertificate(work);
    await startFrontDoor(
      'production-shaped-frontdoor',
      {
        ...nginxProcessSettings(join(work, 'nginx'), [`127.0.0.1:${port}`], { workerProcesses: 'auto', tls: certificate }),
        shellRoot,
        runtimeConfigFile,
        webManifestFile,
        apiUpstreams: [loopbackAddress(stack)],
        remoteUpstreams,
        remoteOrigins: [],
        preconnectOrigins: [],
        directoryManifest: remotes.directory || undefined,
        hsts: false,
        trustedProxies: [],
        maxBodySize: '8m',
      },
      start,
      `${url}/`,
    );
    return { url, chromiumArgs: [chromiumTrusting(certificate)], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
