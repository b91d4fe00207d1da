import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('./service-worker/sw.ts', import.meta.url));
export const SERVICE_WORKER_FILE = 'sw.js';
/** The shell's files a page may need offline; the pre-compressed copies and the federation's JSON are not among them. */
const PRECACHED = /\.(html|js|css|png|svg)$/;

export interface PrecacheEntry {
  url: string;
  revision: string;
}

/** Every file of the build the worker keeps at install, with a revision from its content (a changed file is fetched again). */
export function precacheEntries(outDir: string): PrecacheEntry[] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && PRECACHED.test(entry.name) && entry.name !== SERVICE_WORKER_FILE)
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const url = `/${relative(outDir, path).split(sep).join('/')}`;
      return { url, revision: createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16) };
    })
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** The contract's cacheable routes: their answers are the same for every visitor (never a member's or an admin's). */
export function publicAnswerPaths(routes: Record<string, { path: string; cacheable?: boolean }>): string[] {
  return Object.values(routes).flatMap((route) => (route.cacheable ? [route.path] : []));
}

/** The calls that end a session (sign out, delete the account): the worker forgets what it kept when it sees one. */
export function sessionEndingPaths(routes: { logout: { path: string }; deleteAccount: { path: string } }): string[] {
  return [routes.logout.path, routes.deleteAccount.path];
}

/** `/businesses/:id` → `^/businesses/[0-9]+$` (ids are numbers: `/businesses/duplicates` is another route). */
export function pathPattern(path: string): string {
  return `^${path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[0-9]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')}$`;
}

/**
 * Writes dist/sw.js once the shell's build is on disk: workbox's modules bundled with the list of the build's files,
 * the paths of the API answers the worker may keep (`publicAnswerPaths`: the contract's cacheable routes) and those
 * of the calls after which it keeps none (`sessionEndingPaths`).
 */
export function serviceWorker(publicAnswerPaths: string[], sessionEndingPaths: string[]): Plugin {
  let outDir = '';
  return {
    name: 'zaytoon-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        mode: 'production',
        publicDir: false,
        define: {
          __PRECACHE__: JSON.stringify(precacheEntries(outDir)),
          __PUBLIC_ANSWERS__: JSON.stringify(publicAnswerPaths.map(pathPattern)),
          __SESSION_ENDING__: JSON.stringify(sessionEndingPaths),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          lib: { entry: SOURCE, formats: ['iife'], name: 'zaytoonServiceWorker', fileName: () => SERVICE_WORKER_FILE },
        },
      });
    },
  };
}
