import type { Plugin, ProxyOptions } from 'vite';
/* eslint-disable import-x/no-relative-packages -- Vite's config loader (vite.config.ts imports this file) leaves package imports to Node, which cannot load the contract's .ts (docs/decisions/0028-code-conventions.md) */
import { DEFAULT_MAP_TILES, tileUrlProblem, type MapTileSource } from '../../services/contract/src/client/map-tiles';
/* eslint-enable import-x/no-relative-packages */

export interface ShellRuntimeConfig {
  productName: string;
  remotes: { directory: string; admin: string };
  mapTiles: MapTileSource;
}

type Env = Record<string, string | undefined>;

/**
 * MAP_TILE_URL and MAP_TILE_ATTRIBUTION: both, or neither (OpenStreetMap's tiles, for light use only). A
 * provider's tiles without its own attribution would break its terms, so a URL alone is refused, as is a malformed one.
 */
export function mapTilesFromEnv(env: Env): MapTileSource {
  const url = env.MAP_TILE_URL?.trim();
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim();
  if (!url && !attribution) return DEFAULT_MAP_TILES;
  if (!url || !attribution) throw new Error('MAP_TILE_URL and MAP_TILE_ATTRIBUTION are set together (a tile provider requires its attribution)');
  const problem = tileUrlProblem(url);
  if (problem) throw new Error(`MAP_TILE_URL ${problem}, such as https://tiles.example/{z}/{x}/{y}.png: "${url}"`);
  return { url, attribution };
}

/** Read once when the server starts: never baked into the build. */
export function runtimeConfigFromEnv(env: Env = process.env): ShellRuntimeConfig {
  const directoryPort = env.DIRECTORY_PORT || '8081';
  const adminPort = env.ADMIN_PORT || '8082';
  return {
    productName: env.PRODUCT_NAME || 'Zaytoon',
    remotes: {
      directory: env.DIRECTORY_REMOTE_URL || `http://localhost:${directoryPort}/mf-manifest.json`,
      admin: env.ADMIN_REMOTE_URL || `http://localhost:${adminPort}/mf-manifest.json`,
    },
    mapTiles: mapTilesFromEnv(env),
  };
}

/** The design tokens' --green-800 (services/web-kit/src/tokens.css), the colour of the top bar and of index.html's theme-color. */
export const THEME_COLOUR = '#14532d';
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The web app manifest, written from the runtime config beside it, so the installed app carries the
 * deployment's PRODUCT_NAME like the page's title does. Its icons are the shell's build's (public/icons).
 */
export function webAppManifest(config: Pick<ShellRuntimeConfig, 'productName'>) {
  return {
    name: config.productName,
    short_name: config.productName,
    description: 'A community directory and map of pro-Palestinian businesses across the UK.',
    id: '/',
    start_url: '/browse',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** `/api` and `/ops` go to the API gateway; Host and cookies pass through unchanged. */
export function apiProxy(env: Env = process.env): Record<string, ProxyOptions> {
  const target = env.API_ORIGIN || 'http://localhost:3000';
  const options: ProxyOptions = { target, changeOrigin: false, xfwd: true, ws: false };
  return { '/api': { ...options }, '/ops': { ...options } };
}

type Next = (error?: unknown) => void;
type Req = { url?: string; method?: string };
type Res = { statusCode: number; setHeader(name: string, value: string): void; end(body?: string): void };

/** Answers GET /runtime-config.json and the web app manifest from the environment, in dev and in preview. */
export function runtimeConfigPlugin(env: Env = process.env): Plugin {
  const middleware = (config: ShellRuntimeConfig) => (req: Req, res: Res, next: Next) => {
    const path = (req.url ?? '').split('?')[0];
    const answer =
      path === '/runtime-config.json'
        ? { type: 'application/json', body: config }
        : path === WEB_MANIFEST_PATH
          ? { type: 'application/manifest+json', body: webAppManifest(config) }
          : undefined;
    if (!answer || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.statusCode = 200;
    res.setHeader('Content-Type', `${answer.type}; charset=utf-8`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(answer.body));
  };
  return {
    name: 'zaytoon-runtime-config',
    configureServer(server) {
      server.middlewares.use(middleware(runtimeConfigFromEnv(env)));
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware(runtimeConfigFromEnv(env)));
    },
  };
}
