import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRECOMPRESS_OPTIONS } from './precompress.ts';
import { ROUTER_EXPORTS, SHARED_SINGLETONS } from './shared-singletons.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const APPS = ['shell/src', 'mfe-directory/src', 'mfe-admin/src'];

/** The apps' code as built: tests and their helpers run without federation. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every `import { … } from 'react-router…'` of the three apps, as file → names. */
function routerImports(): Array<{ file: string; from: string; names: string[] }> {
  const found: Array<{ file: string; from: string; names: string[] }> = [];
  for (const app of APPS) {
    for (const file of sourceFiles(join(repo, app))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(react-router[^']*)'/g)) {
        if (match[1]) continue;
        const names = match[2]
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]);
        found.push({ file: file.slice(repo.length), from: match[3], names });
      }
    }
  }
  return found;
}

describe('the shared router', () => {
  const imports = routerImports();

  it('is found in the apps (the scan works)', () => {
    expect(imports.length).toBeGreaterThan(10);
  });

  it('is imported from react-router-dom only, the one shared package', () => {
    expect(imports.filter((entry) => entry.from !== 'react-router-dom').map((entry) => `${entry.file}: ${entry.from}`)).toEqual([]);
  });

  it('has every export the apps import (a missing one would be undefined in the tree-shaken router)', () => {
    const missing = imports.flatMap((entry) => entry.names.filter((name) => !ROUTER_EXPORTS.includes(name)).map((name) => `${entry.file}: ${name}`));
    expect(missing).toEqual([]);
  });

  it('is a singleton cut to those exports', () => {
    expect(SHARED_SINGLETONS['react-router-dom']).toEqual({
      singleton: true,
      treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS },
    });
  });
});

describe('build-time compression', () => {
  it('covers scripts, styles, pages, manifests and SVG, keeping the originals', () => {
    for (const name of ['a.js', 'b.mjs', 'c.css', 'index.html', 'mf-manifest.json', 'logo.svg']) {
      expect(PRECOMPRESS_OPTIONS.include.test(name)).toBe(true);
    }
    expect(PRECOMPRESS_OPTIONS.include.test('marker-icon.png')).toBe(false);
    expect(PRECOMPRESS_OPTIONS.algorithms).toEqual(['brotliCompress', 'gzip']);
    expect(PRECOMPRESS_OPTIONS.deleteOriginalAssets).toBe(false);
  });
});
