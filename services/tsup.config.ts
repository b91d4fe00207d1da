// The one build of every server package (`npm run build -w @zaytoon/api|worker|core`): each
// package's build script names its entry points and points here with --config.
// The workspace packages ship .ts sources, so they are bundled in; every npm package stays
// external (native ones such as sharp and pg must) and is installed beside dist/ in production.
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

/**
 * Files read at run time beside the module that reads them: `new URL('./name', import.meta.url)`.
 * Bundled, that module is dist/<entry>.js, so each file a bundle names is copied into dist/.
 */
const RUNTIME_FILES: Record<string, string> = {
  migrations: 'core/src/db/migrations',
  'uk-outcodes.csv': 'core/src/geo/uk-outcodes.csv',
};
const RUNTIME_FILE_RE = /new URL\("\.\/([^"]+)", import\.meta\.url\)/g;
/** Resolves npm packages from node_modules, which works from dist/ as from src/. */
const PACKAGE_LOOKUP = 'createRequire(import.meta.url)';

export default defineConfig({
  format: 'esm',
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // One self-contained file per entry, all in dist/ itself, so import.meta.url is always dist/.
  splitting: false,
  skipNodeModulesBundle: true,
  noExternal: [/^@zaytoon\//],
  async onSuccess() {
    for (const bundle of readdirSync('dist').filter((file) => file.endsWith('.js'))) {
      const code = readFileSync(`dist/${bundle}`, 'utf8');
      const names = [...code.matchAll(RUNTIME_FILE_RE)].map((match) => match[1]);
      // Any other use of import.meta.url would point into dist/ where nothing was put: stop here, not in production.
      const uses = code.split('import.meta.url').length - 1;
      if (uses !== names.length + code.split(PACKAGE_LOOKUP).length - 1) {
        throw new Error(`dist/${bundle} uses import.meta.url other than new URL('./file', import.meta.url) or ${PACKAGE_LOOKUP}`);
      }
      for (const name of names) {
        const source = RUNTIME_FILES[name];
        if (!source) throw new Error(`dist/${bundle} reads ./${name} at run time: add it to RUNTIME_FILES in services/tsup.config.ts`);
        cpSync(fileURLToPath(new URL(source, import.meta.url)), `dist/${name}`, { recursive: true });
      }
    }
  },
});
