import type { Plugin } from 'vite';

const SDK_ENV_FILE = /\/node_modules\/@module-federation\/sdk\/dist\/env\.js$/;
const BROWSER_DEBUG_READ = 'if (isBrowserEnv() && window.localStorage) return Boolean(localStorage.getItem(BROWSER_LOG_KEY));';

/**
 * The federation runtime asks `localStorage.getItem('FEDERATION_DEBUG')` whether to log, as it boots. Nothing else
 * reads localStorage on a first visit, and the first read loads the origin's storage synchronously: it held the
 * business page's boot for about 30 ms here (CPU profile, infra/load/README.md "Thirteenth session"). A build drops
 * the read, so production runtimes never log debug lines; `vite` (dev) keeps it. Fails the build if the SDK's line
 * changes, rather than keeping the read unnoticed.
 */
export function noFederationDebugRead(): Plugin {
  return {
    name: 'zaytoon:no-federation-debug-read',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!SDK_ENV_FILE.test(id.split('?')[0])) return null;
      if (!code.includes(BROWSER_DEBUG_READ)) throw new Error(`${id}: the FEDERATION_DEBUG read changed; update noFederationDebugRead()`);
      return { code: code.replace(BROWSER_DEBUG_READ, 'return false;'), map: null };
    },
  };
}
