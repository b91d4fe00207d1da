// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@zaytoon/contract';
import { pathPattern, precacheEntries, publicAnswerPaths, sessionEndingPaths } from '../build-service-worker';

const withIds = (path: string) => path.replace(/:\w+/g, '12');

describe("the service worker's build", () => {
  it("keeps the directory's public answers and never a member's, an admin's or any other route's", () => {
    const patterns = publicAnswerPaths(API_ROUTES).map((path) => new RegExp(pathPattern(path)));
    const kept = (path: string) => patterns.some((pattern) => pattern.test(path));
    for (const path of [
      '/businesses',
      '/businesses/summary',
      '/businesses/by-city',
      '/businesses/12',
      '/cities',
      '/categories',
      '/businesses/map/version',
      '/businesses/map/6/31/20',
    ]) {
      expect(kept(path), path).toBe(true);
    }
    // The worker answers GETs only (workbox's routes' default): a write always goes to the network.
    const others = Object.values(API_ROUTES).filter((route) => route.method === 'get' && !('cacheable' in route && route.cacheable));
    expect(others.map((route) => route.path)).toEqual(expect.arrayContaining(['/auth/me', '/admin/statistics', '/businesses/duplicates']));
    expect(others.map((route) => withIds(route.path)).filter(kept)).toEqual([]);
    expect(kept('/businesses/duplicates')).toBe(false);
  });

  it('forgets what it kept after the calls that end a session', () => {
    expect(sessionEndingPaths(API_ROUTES)).toEqual(['/auth/logout', '/auth/delete-account']);
  });

  it("lists the build's pages, scripts, styles and icons with their content's revision, not the pre-compressed copies, JSON or the worker", () => {
    const dir = mkdtempSync(join(tmpdir(), 'zaytoon-sw-build-'));
    try {
      const files: Record<string, string> = {
        'index.html': '<!doctype html>',
        'index.html.gz': 'gz',
        'assets/index-Ab12.js': 'one',
        'assets/index-Ab12.js.br': 'br',
        'assets/style-Cd34.css': 'body{}',
        'icons/icon-192.png': 'png',
        'mf-manifest.json': '{}',
        'sw.js': 'worker',
      };
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      const entries = precacheEntries(dir);
      expect(entries.map((entry) => entry.url)).toEqual(['/assets/index-Ab12.js', '/assets/style-Cd34.css', '/icons/icon-192.png', '/index.html']);
      const before = entries[0].revision;
      writeFileSync(join(dir, 'assets/index-Ab12.js'), 'two');
      expect(precacheEntries(dir)[0].revision).not.toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
