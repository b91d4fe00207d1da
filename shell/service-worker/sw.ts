// The front door's service worker (issue #16 point 3), built by build-service-worker.ts into dist/sw.js. What it keeps
// and why is in docs/decisions.md ("Offline: what the service worker keeps").
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { SAVED_ANSWER_HEADER } from '../src/offline/saved-answer';

declare const self: ServiceWorkerGlobalScope;
/** The shell's built files, listed at build time. */
declare const __PRECACHE__: PrecacheEntry[];
/** Paths (below /api) of the contract's cacheable routes, whose answers are the same for every visitor, as patterns. */
declare const __PUBLIC_ANSWERS__: string[];

/** A network that has not answered by then counts as away: the page gets what was kept. */
const NETWORK_TIMEOUT_SECONDS = 4;
const DAY = 24 * 60 * 60;

const publicAnswers = __PUBLIC_ANSWERS__.map((pattern) => new RegExp(pattern));
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE__);

// Pages: the network's page (its headers are the front door's), else the last one kept, else the shell's page.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'zaytoon-pages',
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [okOnly, new ExpirationPlugin({ maxEntries: 30 }), { handlerDidError: async () => matchPrecache('/index.html') }],
    }),
    // The embeddable map (issue #16) is framed by other sites and always live: never the shell's page in its place.
    { denylist: [/^\/(api|ops)\//, /^\/embed\/?$/] },
  ),
);

// The runtime config and the remotes' manifests and unhashed entries: a new release is read as soon as the network answers.
registerRoute(
  ({ url }) => url.pathname === '/runtime-config.json' || /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname),
  new NetworkFirst({ cacheName: 'zaytoon-entries', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [okOnly] }),
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

// The directory's public answers (never a member's or an admin's: those routes are not cacheable in the contract).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/') && publicAnswers.some((pattern) => pattern.test(url.pathname.slice(4))),
  new NetworkFirst({
    cacheName: 'zaytoon-directory-answers',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      {
        // Called only when the network failed or was too slow: the page is told it reads a saved answer.
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
