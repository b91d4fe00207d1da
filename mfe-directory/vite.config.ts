import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
// eslint-disable-next-line import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions.md)
import { PRECOMPRESS_OPTIONS } from '../services/contract/src/federation';
import { FIRST_LOAD_CHUNK, SCREENS_CONTRACT_CHUNK } from './build-chunks';
import mfConfig from './module-federation.config';

const port = Number(process.env.DIRECTORY_PORT || 8081);
// The shell page (another origin) imports this remote's modules: allow any origin to read them.
const cors = { origin: '*' };

export default defineConfig({
  // Relative base: asset URLs resolve against the module that asks for them, so the
  // same build works wherever the remote is deployed (no URL baked in).
  base: './',
  plugins: [react(), federation(mfConfig), compression(PRECOMPRESS_OPTIONS)],
  server: { port, strictPort: true, cors, origin: `http://localhost:${port}` },
  preview: { port, strictPort: true, cors, headers: { 'Access-Control-Allow-Origin': '*' } },
  build: { target: 'esnext', rolldownOptions: { output: { codeSplitting: { groups: [SCREENS_CONTRACT_CHUNK, FIRST_LOAD_CHUNK] } } } },
});
