import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { noFederationDebugRead } from './no-federation-debug-read';

const require = createRequire(import.meta.url);
const sdkDist = dirname(require.resolve('@module-federation/sdk'));
const envFile = join(sdkDist, 'env.js');

type Transform = (this: unknown, code: string, id: string) => { code: string } | null;
const transform = (code: string, id: string) => (noFederationDebugRead().transform as Transform).call({}, code, id);

/** The SDK's env module as a browser page would run it, with the FEDERATION_DEBUG flag set in localStorage. */
async function isDebugModeInPage(code: string): Promise<{ debug: boolean; storageReads: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-env-'));
  let storageReads = 0;
  const localStorage = {
    getItem: () => {
      storageReads += 1;
      return '1';
    },
  };
  Object.assign(globalThis, { window: { document: {}, localStorage }, localStorage });
  try {
    // Without their source-map comments: the maps stay behind in the SDK's folder.
    const withoutMap = (text: string) => text.replace(/^\/\/# sourceMappingURL=.*$/m, '');
    writeFileSync(join(dir, 'constant.js'), withoutMap(readFileSync(join(sdkDist, 'constant.js'), 'utf8')));
    writeFileSync(join(dir, 'env.js'), withoutMap(code));
    const env = (await import(pathToFileURL(join(dir, 'env.js')).href)) as { isDebugMode(): boolean };
    const processEnv = process.env.FEDERATION_DEBUG;
    delete process.env.FEDERATION_DEBUG;
    try {
      return { debug: env.isDebugMode(), storageReads };
    } finally {
      if (processEnv !== undefined) process.env.FEDERATION_DEBUG = processEnv;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

afterEach(() => {
  const global = globalThis as { window?: unknown; localStorage?: unknown };
  delete global.window;
  delete global.localStorage;
});

describe('noFederationDebugRead', () => {
  const original = readFileSync(envFile, 'utf8');

  it('the installed SDK reads localStorage to decide whether to log (what the plugin removes)', async () => {
    expect(await isDebugModeInPage(original)).toEqual({ debug: true, storageReads: 1 });
  });

  it('a build runs the SDK without touching localStorage', async () => {
    const built = transform(original, envFile);
    expect(built).not.toBeNull();
    expect(await isDebugModeInPage(built!.code)).toEqual({ debug: false, storageReads: 0 });
  });

  it('leaves other modules alone, and stops the build when the SDK line changes', () => {
    expect(transform(original, '/repo/node_modules/@module-federation/sdk/dist/logger.js')).toBeNull();
    expect(() => transform(original.replace('localStorage.getItem', 'storage.getItem'), envFile)).toThrow(/FEDERATION_DEBUG read changed/);
  });

  it('is for builds only: the dev server keeps the flag', () => {
    expect((noFederationDebugRead() as Plugin).apply).toBe('build');
  });
});
