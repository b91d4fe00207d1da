import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
/* eslint-disable import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions.md) */
import {
  compiledCatalogs,
  contractModuleSideEffects,
  PRECOMPRESS_OPTIONS,
  productionReactRouter,
  runtimeVersionOnly,
} from '../services/contract/src/federation';
/* eslint-enable import-x/no-relative-packages */
import { firstLoadHints } from './build-preloads';
import mfConfig from './module-federation.config';
import { apiProxy, runtimeConfigPlugin } from './server/runtime-config';

const port = Number(process.env.SHELL_PORT || 8080);

export default defineConfig({
  plugins: [
    react(),
    compiledCatalogs(),
    productionReactRouter(),
    runtimeVersionOnly(),
    federation(mfConfig),
    compression(PRECOMPRESS_OPTIONS),
    runtimeConfigPlugin(),
    firstLoadHints(),
  ],
  server: { port, strictPort: true, proxy: apiProxy() },
  preview: { port, strictPort: true, proxy: apiProxy() },
  // One stylesheet, linked by index.html and render-blocking as before CSS Modules: the lazy landing page's
  // X.module.css rules go in it too, instead of a CSS file of their own that its chunk would load later.
  // No modulepreload polyfill nor preload helper in the first load: every browser of the esnext target follows
  // <link rel="modulepreload"> (firstLoadHints writes the page's), and the shell's dynamic imports have no chunk of
  // their own to fetch beside them (the landing page's has none; the federation runtime's is in before it is asked).
  build: {
    target: 'esnext',
    cssCodeSplit: false,
    modulePreload: false,
    rolldownOptions: { treeshake: { moduleSideEffects: contractModuleSideEffects } },
  },
});
