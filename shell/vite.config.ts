import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { compiledCatalogs, contractModuleSideEffects, PRECOMPRESS_OPTIONS, productionReactRouter, THIRD_PARTY_LICENSES } from '@zaytoon/build-kit';
// eslint-disable-next-line import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot resolve the contract's extensionless imports (docs/decisions/0028-code-conventions.md)
import { API_ROUTES } from '../services/contract/src/routes';
import { firstLoadHints } from './build-preloads';
import { publicAnswerPaths, sessionEndingPaths, serviceWorker } from './build-service-worker';
import { embedPagePlugin } from './server/embed-page';
import mfConfig from './module-federation.config';
import { apiProxy, runtimeConfigPlugin } from './server/runtime-config';
import { apiReferencePlugin } from './server/api-reference';

const port = Number(process.env.SHELL_PORT || 8080);

export default defineConfig({
  plugins: [
    react(),
    compiledCatalogs(),
    productionReactRouter(),
    federation(mfConfig),
    apiReferencePlugin(),
    compression(PRECOMPRESS_OPTIONS),
    runtimeConfigPlugin(),
    embedPagePlugin(),
    firstLoadHints(),
    // The answers the worker may keep offline: those the contract marks the same for every visitor, until a sign-out.
    serviceWorker(publicAnswerPaths(API_ROUTES), sessionEndingPaths(API_ROUTES)),
  ],
  server: { port, strictPort: true, proxy: apiProxy() },
  preview: { port, strictPort: true, proxy: apiProxy() },
  // One stylesheet, linked by index.html and render-blocking as before CSS Modules: the lazy landing page's
  // X.module.css rules go in it too, instead of a CSS file of their own that its chunk would load later.
  // No modulepreload polyfill: every browser of the esnext target follows <link rel="modulepreload">. The links
  // themselves stay: without them the page finds React, the shell's entry and the federation's files one import at a
  // time (a business page's first paint came much later under Lighthouse's mobile throttling).
  build: {
    target: 'esnext',
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    license: THIRD_PARTY_LICENSES,
    rolldownOptions: { treeshake: { moduleSideEffects: contractModuleSideEffects } },
  },
});
