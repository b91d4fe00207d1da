import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * react-router 7's package exports always point at its development build, whose dev warnings
 * (`ENABLE_DEV_WARNINGS = true`, the one line in which the two builds differ) then ship on every first visit
 * (remix-run/react-router#12532, #14102). A build takes the production files instead; `vite` (dev) and vitest keep
 * the warnings. Every app makes the same swap, so whichever provides the shared router provides the same code.
 */
export function productionReactRouter(): Plugin {
  return {
    name: 'zaytoon:production-react-router',
    config: (_config, { command }) => {
      if (command !== 'build') return undefined;
      const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
          ],
        },
      };
    },
  };
}
