import { APP_ROUTES } from '@zaytoon/client';
import { loadRuntimeConfig } from './config/runtimeConfig';

/**
 * The page's first script, run before the app's own have downloaded. On a directory route it reads the
 * runtime config (preloaded by the page; the app reuses this reading) and the directory remote's
 * manifest, and asks the browser for the remote's entry and root module files at once: they download
 * beside the shell's scripts instead of after them, and the federation runtime finds them ready.
 * Any failure only skips the head start.
 */
const ROOT_MODULE = './App';

export function routeOwner(pathname: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  return APP_ROUTES.find((route) => {
    const pattern = route.path.split('/').filter(Boolean);
    return pattern.length === parts.length && pattern.every((part, index) => part.startsWith(':') || part === parts[index]);
  })?.owner;
}

export interface Manifest {
  metaData: { publicPath: string; remoteEntry: { name: string; path: string } };
  exposes: Array<{ path: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

function modulepreload(url: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = url;
  document.head.appendChild(link);
}

/** The files a page of the remote loads first: its entry, its root module's, and its shared-module loader. */
export function remoteFirstFiles(manifest: Manifest, manifestUrl: URL): string[] {
  const base = manifest.metaData.publicPath === 'auto' ? new URL('.', manifestUrl) : new URL(manifest.metaData.publicPath, manifestUrl);
  const root = manifest.exposes.find((expose) => expose.path === ROOT_MODULE);
  const { remoteEntry } = manifest.metaData;
  const files = [
    `${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`,
    ...(root?.assets.js.sync ?? []),
    // Listed as async, yet every page of the remote loads it.
    ...(root?.assets.js.async.filter((file) => file.includes('__loadShare__shared')) ?? []),
  ];
  return files.map((file) => new URL(file, base).href);
}

let manifestDownload: { url: string; response: Promise<Response | undefined> } | undefined;

/**
 * The remote manifest this script fetched, handed once to the federation runtime for its own first reading:
 * without it the runtime asks again, a revalidation round trip before the remote's first screen can run.
 * Undefined (the runtime fetches it itself) for another URL or when this script fetched nothing.
 */
export function takeEarlyManifest(url: string): Promise<Response | undefined> | undefined {
  if (manifestDownload?.url !== new URL(url, window.location.href).href) return undefined;
  const { response } = manifestDownload;
  manifestDownload = undefined;
  return response;
}

async function headStart(): Promise<void> {
  if (routeOwner(window.location.pathname) !== 'directory') return;
  const config = await loadRuntimeConfig();
  if (!config.remotes.directory) return;
  const manifestUrl = new URL(config.remotes.directory, window.location.href);
  const download = fetch(manifestUrl);
  manifestDownload = { url: manifestUrl.href, response: download.then((response) => response.clone(), () => undefined) };
  const manifest = (await (await download).json()) as Manifest;
  remoteFirstFiles(manifest, manifestUrl).forEach(modulepreload);
}

headStart().catch(() => undefined);
