// @vitest-environment node
// The embed's weight: a page that other sites frame stays under 80 kB of gzipped JS in either view, Leaflet
// aside. A size budget of the real build, not a timing: the embed's own Vite build, followed import by import.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_MANIFEST, LEAFLET_CHUNK } from '../../vite.embed.config';

const BUDGET_BYTES = 80 * 1024;
const shellDir = fileURLToPath(new URL('../..', import.meta.url));

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let outDir = '';
let manifest: Manifest = {};

/** The chunks `key` loads before it runs: itself and its static imports, all the way down. */
function staticGraph(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticGraph(imported, seen);
  return seen;
}

const gzipBytes = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

/** Gzipped JS of the page with `entries` run, Leaflet's chunk left out. */
function weight(...entries: string[]): number {
  const chunks = new Set(entries.flatMap((entry) => [...staticGraph(entry)]));
  return [...chunks].filter((key) => manifest[key].name !== LEAFLET_CHUNK).reduce((sum, key) => sum + gzipBytes(manifest[key].file), 0);
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'zaytoon-embed-'));
  await build({ root: shellDir, configFile: join(shellDir, 'vite.embed.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  manifest = JSON.parse(readFileSync(join(outDir, EMBED_MANIFEST), 'utf8')) as Manifest;
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the embed build', () => {
  it('keeps each view under 80 kB of gzipped JS, Leaflet aside, with no React or module federation in it', () => {
    const list = weight('embed.html');
    const map = weight('embed.html', 'src/embed/map.ts');
    console.log(`embed JS (gzip -9): list ${(list / 1024).toFixed(1)} kB, map ${(map / 1024).toFixed(1)} kB without Leaflet`);
    expect(list).toBeLessThan(BUDGET_BYTES);
    expect(map).toBeLessThan(BUDGET_BYTES);

    const code = Object.values(manifest)
      .filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => readFileSync(join(outDir, chunk.file), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/Symbol\.for\("react\.|__FEDERATION__/);
  });

  it('loads Leaflet only for the map, in a chunk of its own', () => {
    const leaflet = Object.keys(manifest).filter((key) => manifest[key].name === LEAFLET_CHUNK);
    expect(leaflet).toHaveLength(1);
    expect(staticGraph('embed.html').has(leaflet[0])).toBe(false);
    expect(staticGraph('src/embed/map.ts').has(leaflet[0])).toBe(true);
  });
});
