import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Chunks every page loads that index.html does not name: the shared router (built by module
 * federation's tree shaking) and the federation's pendingShares, both imported only once the
 * federation runtime has started. Preloading them from the page puts them beside the first scripts
 * instead of two round trips later.
 */
const LOADED_BY_EVERY_PAGE = [/__tree_shaking__react_mf_2_router/, /^assets\/pendingShares-/];

/** src/early.ts: built as a chunk of its own, run by the page before the federation's bootstrap. */
const EARLY = fileURLToPath(new URL('./src/early.ts', import.meta.url));

/**
 * Runs after module federation has rewritten the page's entry scripts (it wraps every module script of
 * the page so that it waits for the shared modules; the early script must not wait), and before the
 * page is compressed.
 */
export function firstLoadHints(): Plugin {
  let earlyRef = '';
  return {
    name: 'zaytoon-first-load-hints',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      earlyRef = this.emitFile({ type: 'chunk', id: EARLY, name: 'early' });
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const html = String(page.source);
      const early = bundle[this.getFileName(earlyRef)];
      const preloads = [
        ...(early?.type === 'chunk' ? early.imports : []),
        ...Object.keys(bundle).filter((file) => file.endsWith('.js') && LOADED_BY_EVERY_PAGE.some((pattern) => pattern.test(file))),
      ].filter((file) => !html.includes(`/${file}"`));
      const head = [
        ...(early ? [`<script type="module" crossorigin src="/${early.fileName}"></script>`] : []),
        ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      page.source = html.replace('</title>', `</title>\n    ${head.join('\n    ')}`);
    },
  };
}
