import type { Plugin } from 'vite';

/**
 * Chunks every page loads that index.html does not name: the shared router (built by module
 * federation's tree shaking) and the federation's pendingShares, both imported only once the
 * federation runtime has started. Preloading them from the page puts them beside the first scripts
 * instead of two round trips later.
 */
const LOADED_BY_EVERY_PAGE = [/__tree_shaking__react_mf_2_router/, /^assets\/pendingShares-/];

export function preloadFederationChunks(): Plugin {
  return {
    name: 'zaytoon-preload-federation-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {}).filter(
          (file) => file.endsWith('.js') && LOADED_BY_EVERY_PAGE.some((pattern) => pattern.test(file)),
        );
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
