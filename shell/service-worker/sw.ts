// The front door's service worker, built by build-service-worker.ts into dist/sw.js. What it keeps
// and why is in docs/decisions/0021-offline.md.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { isSharedAnswer, SAVED_ANSWER_HEADER } from '../src/offline/saved-answer';

declare const self: ServiceWorkerGlobalScope;
/** The shell's built files, listed at build time. */
declare const __PRECACHE__: PrecacheEntry[];
/** Paths (below /api) of the contract's cacheable routes, whose answers are the same for every visitor, as patterns. */
declare const __PUBLIC_ANSWERS__: string[];
/** Paths (below /api) of the calls that end a session: sign out, delete the account. */
declare const __SESSION_ENDING__: string[];

// NetworkFirst routes have no networkTimeoutSeconds: what was kept answers only when the network fails, never
// because it is slow (a slow answer is still the server's, and the page would otherwise say 'Offline' to a visitor
// who is online).
const DAY = 24 * 60 * 60;

const PAGES_CACHE = 'zaytoon-pages';
const ANSWERS_CACHE = 'zaytoon-public-answers';
/** Where older workers kept answers whatever their audience (an admin's among them): dropped on activation. */
const RETIRED_ANSWERS_CACHE = 'zaytoon-directory-answers';

const publicAnswers = __PUBLIC_ANSWERS__.map((pattern) => new RegExp(pattern));
const okOnly = new CacheableResponsePlugin({ statuses: [200] });
/** Only what the server marked the same for every visitor is kept: never `private` or `no-store`. */
const sharedOnly = { cacheWillUpdate: async ({ response }: { response: Response }) => (isSharedAnswer(response) ? response : null) };

/** Deletes a cache and its entries' times (ExpirationPlugin's own delete knows only caches this worker's run has used). */
async function forget(cacheName: string): Promise<void> {
  await self.caches.delete(cacheName);
  await new CacheExpiration(cacheName, { maxEntries: 1 }).delete();
}

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([self.clients.claim(), forget(RETIRED_ANSWERS_CACHE)])));

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE__);

// Pages: the network's page (its headers are the front door's), else the last one kept, else the shell's page.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      plugins: [okOnly, new ExpirationPlugin({ maxEntries: 30 }), { handlerDidError: async () => matchPrecache('/index.html') }],
    }),
    // The embeddable map is framed by other sites and always live: never the shell's page in its place.
    { denylist: [/^\/(api|ops)\//, /^\/embed\/?$/] },
  ),
);

// The runtime config and the remotes' manifests and unhashed entries: a new release is read as soon as the network answers.
registerRoute(
  ({ url }) => url.pathname === '/runtime-config.json' || /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname),
  new NetworkFirst({ cacheName: 'zaytoon-entries', plugins: [okOnly] }),
);

registerRoute(
  ({ url }) => url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/icons/'),
  new StaleWhileRevalidate({ cacheName: 'zaytoon-app-manifest', plugins: [okOnly] }),
);

// The remotes' content-hashed files (on their own origins, or under /remotes/<name>/ on this one): never change.
registerRoute(
  ({ request, url }) => /\/assets\/[^/]+\.(js|css|woff2?|png|svg|webp)$/.test(url.pathname) && request.method === 'GET',
  new CacheFirst({
    cacheName: 'zaytoon-remote-assets',
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true })],
  }),
);

// The directory's public answers: routes the contract marks cacheable, and of their answers only the public ones (a
// signed-in member's or an admin's, with report data, is private).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/') && publicAnswers.some((pattern) => pattern.test(url.pathname.slice(4))),
  new NetworkFirst({
    cacheName: ANSWERS_CACHE,
    plugins: [
      sharedOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      {
        // Called only when the network failed: the page is told it reads a saved answer.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(SAVED_ANSWER_HEADER, '1');
          return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
        },
      },
    ],
  }),
);

// Signing out or deleting the account forgets every page and answer kept, once the server has answered or failed:
// the next person on this machine reads none of them.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/') && __SESSION_ENDING__.includes(url.pathname.slice(4)),
  async ({ request }) => {
    try {
      return await fetch(request);
    } finally {
      await Promise.all([forget(ANSWERS_CACHE), forget(PAGES_CACHE)]);
    }
  },
  'POST',
);
