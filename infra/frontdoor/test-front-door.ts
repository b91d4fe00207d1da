// A front door for tests: real nginx with the production configuration, in front of whatever upstreams the
// test runs, over a small shell build written to a temporary directory; stopped and removed by stop().
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { loopbackListen, nginxProcessSettings, startFrontDoor, startRemoteServer } from '../dev/nginx';
import { quietProcesses } from '../dev/supervisor';
import { webAppManifest } from '@zaytoon/shell/runtime-config';
import { freePort } from '../e2e/support/preview';
import { createLoopbackCertificate } from './loopback-certificate';
import type { FrontDoorSettings } from './nginx-config';

/** Writes a build: each file, and `.br`/`.gz` beside every script as the front-end builds make them. */
export function writeBuild(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
    if (path.endsWith('.js')) {
      writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
      writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
    }
  }
}

export interface TestFrontDoor {
  /** http://localhost:port of the front door (https with `tls`) */
  base: string;
  /** With `tls`: the certificate it serves, to trust. */
  ca?: string;
  /** Where the shell's build lies (a test may change it). */
  shellRoot: string;
  /** The directory remote's own server, when `directoryFiles` were given (also proxied at /remotes/directory/). */
  remoteBase?: string;
  /** With `httpsRedirect`: http://localhost:port, whose every request is sent on to `base`. */
  redirectBase?: string;
  stop(): Promise<void>;
}

export interface TestFrontDoorOptions
  extends
    Pick<FrontDoorSettings, 'apiUpstreams'>,
    Partial<
      Pick<FrontDoorSettings, 'remoteOrigins' | 'preconnectOrigins' | 'directoryManifest' | 'maxBodySize' | 'trustedProxies' | 'uncachedReadLimit'>
    > {
  shellFiles?: Record<string, string>;
  directoryFiles?: Record<string, string>;
  /** Serve HTTPS and HTTP/2 with a certificate made for loopback. */
  tls?: boolean;
  /** With `tls`: also listen on plain HTTP, redirecting to https. */
  httpsRedirect?: boolean;
}

export async function startTestFrontDoor(options: TestFrontDoorOptions): Promise<TestFrontDoor> {
  const work = mkdtempSync(join(tmpdir(), 'zaytoon-frontdoor-'));
  const { start, stopAll } = quietProcesses();
  const stop = async () => {
    await stopAll();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const shellRoot = join(work, 'shell');
    writeBuild(shellRoot, options.shellFiles ?? { 'index.html': '<!doctype html><title>Zaytoon</title>' });
    let remoteBase: string | undefined;
    const remoteUpstreams: FrontDoorSettings['remoteUpstreams'] = {};
    if (options.directoryFiles) {
      const root = join(work, 'directory');
      writeBuild(root, options.directoryFiles);
      const port = await freePort();
      remoteBase = `http://localhost:${port}`;
      await startRemoteServer(
        'directory',
        { ...nginxProcessSettings(join(work, 'nginx-directory'), await loopbackListen(port)), root },
        start,
        `${remoteBase}/mf-manifest.json`,
      );
      remoteUpstreams.directory = `127.0.0.1:${port}`;
    }
    const runtimeConfigFile = join(work, 'runtime-config.json');
    writeFileSync(runtimeConfigFile, JSON.stringify({ productName: 'Zaytoon', remotes: {} }));
    const webManifestFile = join(work, 'manifest.webmanifest');
    writeFileSync(webManifestFile, JSON.stringify(webAppManifest({ productName: 'Zaytoon' })));
    const port = await freePort();
    const certificate = options.tls ? createLoopbackCertificate(work) : undefined;
    const base = `${certificate ? 'https' : 'http'}://localhost:${port}`;
    const redirectPort = options.httpsRedirect ? await freePort() : undefined;
    await startFrontDoor(
      'frontdoor',
      {
        // One worker: its round robin alone decides which upstream a request reaches.
        ...nginxProcessSettings(join(work, 'nginx-frontdoor'), await loopbackListen(port), { workerProcesses: 1, tls: certificate }),
        shellRoot,
        runtimeConfigFile,
        webManifestFile,
        apiUpstreams: options.apiUpstreams,
        remoteUpstreams,
        remoteOrigins: options.remoteOrigins ?? [],
        preconnectOrigins: options.preconnectOrigins ?? [],
        directoryManifest: options.directoryManifest,
        hsts: false,
        trustedProxies: options.trustedProxies ?? [],
        maxBodySize: options.maxBodySize ?? '1m',
        uncachedReadLimit: options.uncachedReadLimit,
        httpsRedirect: redirectPort ? { listen: await loopbackListen(redirectPort), origin: base } : undefined,
      },
      start,
      `${base}/`,
    );
    return { base, ca: certificate?.pem, shellRoot, remoteBase, redirectBase: redirectPort ? `http://localhost:${redirectPort}` : undefined, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
