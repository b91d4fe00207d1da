import { createApiClient, matchAppRoute, PAGING } from '@zaytoon/contract/client';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { openingLanguage, showLanguage } from './i18n/pageLanguage';

/**
 * The page's first script, run before the app's own have downloaded. On a directory route it reads the
 * runtime config (preloaded by the page; the app reuses this reading) and the directory remote's
 * manifest, and asks the browser for the remote's entry and root module files at once: they download
 * beside the shell's scripts instead of after them, and the federation runtime finds them ready.
 * On a business page it also asks the API for the business, its votes, comments, pending suggestions and members'
 * confirmations at once, so the screen's first reads are in flight while the scripts download (handed over by `earlyReadFetch`).
 * Any failure only skips the head start.
 */
const ROOT_MODULE = './App';

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

/**
 * The files a page of the remote loads first: its entry, its root module's, its shared-module loader, and
 * the opening screen's when the remote lists them (an expose named `./screen/<screen id>`).
 */
export function remoteFirstFiles(manifest: Manifest, manifestUrl: URL, screen?: string): string[] {
  const base = manifest.metaData.publicPath === 'auto' ? new URL('.', manifestUrl) : new URL(manifest.metaData.publicPath, manifestUrl);
  const root = manifest.exposes.find((expose) => expose.path === ROOT_MODULE);
  const screenModule = screen ? manifest.exposes.find((expose) => expose.path === `./screen/${screen}`) : undefined;
  const { remoteEntry } = manifest.metaData;
  const files = [
    `${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`,
    ...(root?.assets.js.sync ?? []),
    // Listed as async, yet every page of the remote loads it.
    ...(root?.assets.js.async.filter((file) => file.includes('__loadShare__shared')) ?? []),
    ...(screenModule?.assets.js.sync ?? []),
  ];
  return [...new Set(files)].map((file) => new URL(file, base).href);
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
  const opening = matchAppRoute(window.location.pathname)?.route;
  if (opening?.owner !== 'directory') return;
  const config = await loadRuntimeConfig();
  if (!config.remotes.directory) return;
  const manifestUrl = new URL(config.remotes.directory, window.location.href);
  const download = fetch(manifestUrl);
  manifestDownload = {
    url: manifestUrl.href,
    response: download.then(
      (response) => response.clone(),
      () => undefined,
    ),
  };
  const manifest = (await (await download).json()) as Manifest;
  remoteFirstFiles(manifest, manifestUrl, opening.screen).forEach(modulepreload);
}

/** How long an early read waits to be taken: the screen asks within a second or two of the page loading. */
const EARLY_READ_LIFETIME_MS = 15_000;
const earlyReads = new Map<string, Promise<Response>>();

/** The screen's first reads of a page, started by this script before the app's scripts arrive. */
export function startEarlyRead(pathname: string): void {
  const matched = matchAppRoute(pathname);
  if (matched?.route.screen !== 'business-detail' || !/^\d+$/.test(matched.params.id ?? '')) return;
  const recording = createApiClient({
    fetch: (input, init) => {
      const response = globalThis.fetch(input, init);
      const url = new URL(String(input), window.location.href).href;
      earlyReads.set(
        url,
        response.then((answer) => answer.clone()),
      );
      setTimeout(() => earlyReads.delete(url), EARLY_READ_LIFETIME_MS);
      return response;
    },
  });
  const id = matched.params.id;
  // All of the screen's reads at once: answered together, they also reach the screen in one render instead of four.
  for (const read of [
    recording.call('getBusiness', { id }),
    recording.call('getVotes', { id }),
    recording.callPage('listComments', { id, query: { limit: PAGING.commentsPage } }),
    recording.call('listSuggestions', { id }),
    recording.call('confirmationSummary', { id }),
  ]) {
    read.catch(() => undefined);
  }
}

/**
 * The app's fetch: a GET this script already started is answered by that download, once; everything
 * else goes to the network.
 */
export const earlyReadFetch: typeof fetch = (input, init) => {
  if ((init?.method ?? 'GET') === 'GET') {
    const url = new URL(String(input), window.location.href).href;
    const early = earlyReads.get(url);
    if (early) {
      earlyReads.delete(url);
      return early;
    }
  }
  return globalThis.fetch(input, init);
};

// Before anything paints: a right-to-left page never shows left-to-right first.
showLanguage(openingLanguage());
startEarlyRead(window.location.pathname);
headStart().catch(() => undefined);
