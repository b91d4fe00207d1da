import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { compiledCatalogs, injectedCssModules, PRECOMPRESS_OPTIONS, productionReactRouter, THIRD_PARTY_LICENSES } from '@zaytoon/build-kit';
import { adminBuildDefines, adminBuildInfo, versionFilePlugin } from './build-info';
import mfConfig from './module-federation.config';

const port = Number(process.env.ADMIN_PORT || 8082);
// The shell page (another origin) imports this remote's modules: allow any origin to read them.
const cors = { origin: '*' };
const buildInfo = adminBuildInfo();

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
    versionFilePlugin(buildInfo),
  ],
  // Released on its own: the version comes from this package, not from the shell.
  define: adminBuildDefines(buildInfo),
  server: { port, strictPort: true, cors, origin: `http://localhost:${port}` },
  // no-cache: browsers revalidate mf-manifest.json and remoteEntry.js (ETag), so a new admin
  // build dropped into dist/ goes live at the next page load, with no shell rebuild or restart.
  preview: { port, strictPort: true, cors, headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' } },
  build: { target: 'esnext', license: THIRD_PARTY_LICENSES },
});
