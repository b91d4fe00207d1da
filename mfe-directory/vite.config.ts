import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
/* eslint-disable import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions/0028-code-conventions.md) */
import {
  compiledCatalogs,
  contractModuleSideEffects,
  injectedCssModules,
  noFederationDebugRead,
  PRECOMPRESS_OPTIONS,
  productionReactRouter,
  sharedCacheHelpersOnce,
} from '../services/contract/src/federation';
/* eslint-enable import-x/no-relative-packages */
import { FIRST_LOAD_CHUNK, OPENING_HOURS_CHUNK, SCREENS_CONTRACT_CHUNK, SCREENS_SHARED_CHUNK } from './build-chunks';
import mfConfig from './module-federation.config';

const port = Number(process.env.DIRECTORY_PORT || 8081);
// The shell page (another origin) imports this remote's modules: allow any origin to read them.
const cors = { origin: '*' };
const configDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Built class names: the class and a four-character hash of its file (`card_214c`). Every name travels in /browse's
 * first chunk twice (the injected CSS and the module's class map), and the readable default (`_card_1dv0f_7`) costs
 * bytes of the first load's budget. Two files that would give the same name stop the build. `vite` (dev) and
 * vitest keep the default names.
 */
const builtNames = new Map<string, string>();
function shortClassName(name: string, file: string): string {
  const relative = path.relative(configDir, file);
  const built = `${name}_${createHash('sha256').update(relative).digest('hex').slice(0, 4)}`;
  if ((builtNames.get(built) ?? relative) !== relative) throw new Error(`CSS Modules: ${relative} and ${builtNames.get(built)} both give ${built}`);
  builtNames.set(built, relative);
  return built;
}

export default defineConfig(({ command }) => ({
  // Relative base: asset URLs resolve against the module that asks for them, so the
  // same build works wherever the remote is deployed (no URL baked in).
  base: './',
  plugins: [
    react(),
    compiledCatalogs(),
    productionReactRouter(),
    injectedCssModules(),
    federation(mfConfig),
    sharedCacheHelpersOnce(),
    noFederationDebugRead(),
    compression(PRECOMPRESS_OPTIONS),
  ],
  css: command === 'build' ? { modules: { generateScopedName: shortClassName } } : {},
  server: { port, strictPort: true, cors, origin: `http://localhost:${port}` },
  preview: { port, strictPort: true, cors, headers: { 'Access-Control-Allow-Origin': '*' } },
  build: {
    target: 'esnext',
    rolldownOptions: {
      treeshake: { moduleSideEffects: contractModuleSideEffects },
      output: { codeSplitting: { groups: [OPENING_HOURS_CHUNK, SCREENS_CONTRACT_CHUNK, FIRST_LOAD_CHUNK, SCREENS_SHARED_CHUNK] } },
    },
  },
}));
