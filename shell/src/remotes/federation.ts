/**
 * Runtime remote registration. The federation plugin initialises the shell's
 * federation instance (with the shared singletons) before our entry runs; the
 * remote URLs come from /runtime-config.json and are registered here, so the
 * same build works for any deployment. Nothing is fetched until loadRemoteRoot().
 */
import { getInstance, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import {
  matchAppRoute,
  REMOTE_CONTAINERS,
  REMOTE_EXPOSED_ROOT,
  type RemoteName,
  type RemoteRootPreparation,
  type RemoteRootProps,
  type RuntimeConfig,
  type ScreenId,
} from '@zaytoon/contract/client';
import { takeEarlyManifest } from '../early';
import { trackSettlement, type TrackedPromise } from '@zaytoon/web-kit';

export const SHELL_CONTAINER = 'zaytoon_shell';

/**
 * A remote that has not answered by then gets the screen of a remote that is down, with Try again: a frozen server
 * would otherwise leave the route on its spinner for as long as the browser keeps the request open.
 */
export const REMOTE_ANSWER_TIMEOUT_MS = 10_000;

/** Rejects with `signal`'s reason once it aborts, whatever `promise` is still waiting for. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abandon = () => reject(signal.reason);
    if (signal.aborted) return abandon();
    signal.addEventListener('abort', abandon, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abandon));
  });
}

/** A URL as the runtime and the early script may each write it: absolute. */
const absolute = (url: string) => new URL(url, globalThis.location?.href).href;

/** The deadline of each remote's load in progress, by its manifest's URL (see downloadRemoteRoot). */
const deadlines = new Map<string, AbortSignal>();

/**
 * A remote's manifest, read for the federation runtime: the early script's download of it when there is one
 * (early.ts), else the network's, given up at the deadline of the load that asked for it. Given up, the runtime forgets
 * the manifest it was waiting for, so Try again asks the server afresh instead of waiting on the same request.
 */
export async function fetchManifest(url: string, deadline = deadlines.get(absolute(url))): Promise<Response> {
  const early = takeEarlyManifest(url);
  const response = early && (await (deadline ? untilAborted(early, deadline) : early));
  // The deadline also bounds the reading of the body, which the runtime does after this returns.
  return response ?? fetch(url, { signal: deadline });
}

const MANIFEST_PLUGIN = { name: 'zaytoon-remote-manifest', fetch: (url: string) => fetchManifest(url) };

type Instance = NonNullable<ReturnType<typeof getInstance>>;

function federation(): Instance {
  const instance = getInstance() ?? getInstance((candidate) => candidate.name === SHELL_CONTAINER);
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

const configured = new Set<RemoteName>();
/** Each configured remote's manifest URL, absolute. */
const entries = new Map<RemoteName, string>();

export function registerRuntimeRemotes(remotes: Partial<RuntimeConfig['remotes']>): void {
  const list = (Object.keys(REMOTE_CONTAINERS) as RemoteName[])
    .filter((name) => typeof remotes[name] === 'string' && remotes[name])
    .map((name) => {
      configured.add(name);
      entries.set(name, absolute(remotes[name] as string));
      return { name: REMOTE_CONTAINERS[name], alias: name, entry: remotes[name] as string, type: 'module' as const };
    });
  if (list.length === 0) return;
  const instance = getInstance() ?? getInstance((candidate) => candidate.name === SHELL_CONTAINER);
  if (instance) {
    instance.registerPlugins([MANIFEST_PLUGIN]);
    instance.registerRemotes(list, { force: true });
  } else registerRemotes(list, { force: true });
}

const started = new Map<RemoteName, TrackedPromise<ComponentType<RemoteRootProps>>>();

/**
 * Starts downloading a remote's root now, before React renders the route that needs it: the page's
 * first render then finds it on its way. The next loadRemoteRoot() takes this download over.
 */
export function prefetchRemoteRoot(name: RemoteName): Promise<unknown> {
  const download = started.get(name) ?? trackSettlement(loadRemoteRoot(name));
  started.set(name, download);
  return download.catch(() => undefined); // the route's own load reports the failure
}

/**
 * Downloads (once) the remote's root component. Rejects when the remote is unreachable, or has not delivered its root
 * within REMOTE_ANSWER_TIMEOUT_MS (a frozen server, or one that froze after its manifest). A prefetched download is
 * handed over as it is, settled or not, so that a root already in renders without suspending (lazyComponent).
 */
export function loadRemoteRoot(name: RemoteName): TrackedPromise<ComponentType<RemoteRootProps>> {
  const prefetched = started.get(name);
  if (prefetched) {
    // Taken once, so that "Try again" after a failure downloads afresh.
    started.delete(name);
    return prefetched;
  }
  return downloadRemoteRoot(name);
}

/**
 * The one bound on a remote's load: a deadline REMOTE_ANSWER_TIMEOUT_MS away that fails the load whatever stage it is
 * at, and aborts the request for the remote's manifest when that is what it waits for.
 */
function downloadRemoteRoot(name: RemoteName): Promise<ComponentType<RemoteRootProps>> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`The ${name} remote did not answer within ${REMOTE_ANSWER_TIMEOUT_MS} ms`)),
    REMOTE_ANSWER_TIMEOUT_MS,
  );
  const manifest = entries.get(name);
  if (manifest) deadlines.set(manifest, controller.signal);
  return untilAborted(loadRootModule(name), controller.signal).finally(() => {
    clearTimeout(timer);
    if (manifest && deadlines.get(manifest) === controller.signal) deadlines.delete(manifest);
  });
}

/** The screen of the page being opened, when it is one of `name`'s. */
function openingScreen(name: RemoteName): ScreenId | undefined {
  const route = matchAppRoute(window.location.pathname)?.route;
  return route?.owner === name ? route.screen : undefined;
}

async function loadRootModule(name: RemoteName): Promise<ComponentType<RemoteRootProps>> {
  if (!configured.has(name)) throw new Error(`No URL configured for the ${name} remote`);
  const id = `${REMOTE_CONTAINERS[name]}/${REMOTE_EXPOSED_ROOT.replace(/^\.\//, '')}`;
  const module = await federation().loadRemote<{ default?: ComponentType<RemoteRootProps> } & RemoteRootPreparation>(id);
  if (!module || typeof module.default !== 'function') throw new Error(`${id} did not expose a component`);
  await module.prepare?.(openingScreen(name));
  return module.default;
}
