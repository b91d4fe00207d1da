import { REMOTE_PRELOAD_FILE, type RemotePreload } from '@zaytoon/build-kit/remote-preload';
import { matchAppRoute } from '@zaytoon/contract/client';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { openingLanguage, showLanguage } from './i18n/pageLanguage';

/**
 * The page's first script, run before the app's own have downloaded. On a remote's route it reads the runtime config
 * (preloaded by the page; the app reuses this reading), downloads the remote's manifest for the federation runtime,
 * and reads what the remote publishes for early fetching (`preload.json` beside its manifest): the browser then asks
 * for the remote's first files, and the opening screen's files and first API reads, beside the shell's own scripts
 * instead of after them. The shell knows neither the manifest's layout nor any remote's API calls.
 * Any failure only skips the head start.
 */

function modulepreload(url: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = url;
  document.head.appendChild(link);
}

/**
 * What a page opening on `screen` fetches early from a remote's preload list: the module files (absolute, resolved
 * against the list's own URL) and the API reads, their `{param}`s filled in from the route (a read whose param the
 * route lacks is left out).
 */
export function remotePreloadsFor(
  preload: RemotePreload,
  preloadUrl: URL,
  screen: string | undefined,
  params: Record<string, string | undefined> = {},
): { files: string[]; reads: string[] } {
  const opening = screen ? preload.screens?.[screen] : undefined;
  const files = [...new Set([...(preload.files ?? []), ...(opening?.files ?? [])])].map((file) => new URL(file, preloadUrl).href);
  const reads = (opening?.reads ?? []).flatMap((template) => {
    let complete = true;
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) complete = false;
      return encodeURIComponent(value ?? '');
    });
    return complete ? [new URL(url, window.location.href).href] : [];
  });
  return { files, reads };
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

/** How long an early read waits to be taken: the screen asks within a second or two of the page loading. */
const EARLY_READ_LIFETIME_MS = 15_000;
const earlyReads = new Map<string, Promise<Response>>();

/** A GET the opening screen will make, started now; `earlyReadFetch` hands its answer over once. */
function startEarlyRead(url: string): void {
  const response = globalThis.fetch(url, { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'include' });
  response.catch(() => undefined);
  earlyReads.set(
    url,
    response.then((answer) => answer.clone()),
  );
  setTimeout(() => earlyReads.delete(url), EARLY_READ_LIFETIME_MS);
}

async function headStart(pathname: string): Promise<void> {
  const opening = matchAppRoute(pathname);
  const owner = opening?.route.owner;
  // An admin page's code waits for the session to say admin: a visitor never asks the admin remote for anything.
  if (!opening || !owner || owner === 'shell' || opening.route.access === 'admin') return;
  const config = await loadRuntimeConfig();
  if (!config.remotes[owner]) return;
  const manifestUrl = new URL(config.remotes[owner], window.location.href);
  manifestDownload = {
    url: manifestUrl.href,
    response: fetch(manifestUrl).then(
      (response) => response.clone(),
      () => undefined,
    ),
  };
  const preloadUrl = new URL(REMOTE_PRELOAD_FILE, manifestUrl);
  const answer = await fetch(preloadUrl);
  if (!answer.ok) return;
  const { files, reads } = remotePreloadsFor((await answer.json()) as RemotePreload, preloadUrl, opening.route.screen, opening.params);
  reads.forEach(startEarlyRead);
  files.forEach(modulepreload);
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
headStart(window.location.pathname).catch(() => undefined);
