import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import {
  compiledCatalogs,
  contractModuleSideEffects,
  injectedCssModules,
  PRECOMPRESS_OPTIONS,
  productionReactRouter,
  remotePreloads,
  THIRD_PARTY_LICENSES,
} from '@zaytoon/build-kit';
import mfConfig from './module-federation.config';
import { SCREEN_PRELOADS } from './src/preload';

const port = Number(process.env.DIRECTORY_PORT || 8081);
// The shell page (another origin) imports this remote's modules: allow any origin to read them.
const cors = { origin: '*' };

// Chunks follow the code's import() boundaries (each lazy screen, the map, the dialogs): no chunking rules of our own.
export default defineConfig({
  // Relative base: asset URLs resolve against the module that asks for them, so the
  // same build works wherever the remote is deployed (no URL baked in).
  base: './',
  plugins: [
    react(),
    compiledCatalogs(),
    productionReactRouter(),
    injectedCssModules(),
    federation(mfConfig),
    compression(PRECOMPRESS_OPTIONS),
    remotePreloads({ entry: mfConfig.filename!, rootModules: ['src/RemoteRoot.tsx', 'src/DirectoryApp.tsx'], screens: SCREEN_PRELOADS }),
  ],
  server: { port, strictPort: true, cors, origin: `http://localhost:${port}` },
  preview: { port, strictPort: true, cors, headers: { 'Access-Control-Allow-Origin': '*' } },
  build: {
    target: 'esnext',
    license: THIRD_PARTY_LICENSES,
    rolldownOptions: { treeshake: { moduleSideEffects: contractModuleSideEffects } },
  },
});
