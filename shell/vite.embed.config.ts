import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { compiledCatalogs, contractModuleSideEffects, EMBED_THIRD_PARTY_LICENSES, PRECOMPRESS_OPTIONS } from '@zaytoon/build-kit';

/** Where the embed build lists its files: the weight check follows the entry's static imports from it. */
export const EMBED_MANIFEST = '.vite/embed-manifest.json';
/** Leaflet's chunk, which only the map view loads (outside the embed's weight budget, docs/decisions/0027-frontend-weight.md). */
export const LEAFLET_CHUNK = 'leaflet';

/**
 * The embeddable map, a build of its own beside the shell's (`dist/embed.html`, its files in `dist/assets/`):
 * plain DOM code, no React and no module federation, so a third-party page that frames it downloads a few kilobytes.
 * It runs after the shell's build, which empties dist/ first.
 */
export default defineConfig({
  plugins: [compiledCatalogs(), compression(PRECOMPRESS_OPTIONS)],
  build: {
    target: 'esnext',
    emptyOutDir: false,
    manifest: EMBED_MANIFEST,
    license: EMBED_THIRD_PARTY_LICENSES,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'embed.html',
      treeshake: { moduleSideEffects: contractModuleSideEffects },
      output: {
        // Named apart from the shell's chunks in the same assets/ folder.
        entryFileNames: 'assets/embed-[hash].js',
        chunkFileNames: 'assets/embed-[name]-[hash].js',
        codeSplitting: { groups: [{ name: LEAFLET_CHUNK, test: /node_modules\/leaflet\// }] },
      },
    },
  },
});
