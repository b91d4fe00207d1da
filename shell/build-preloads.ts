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
const early = () => fileURLToPath(new URL('./src/early.ts', import.meta.url));

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
      earlyRef = this.emitFile({ type: 'chunk', id: early(), name: 'early' });
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const html = String(page.source);
      const earlyChunk = bundle[this.getFileName(earlyRef)];
      const earlyImports = earlyChunk?.type === 'chunk' ? earlyChunk.imports : [];
      const preloads = [
        ...earlyImports,
        ...Object.keys(bundle).filter((file) => file.endsWith('.js') && LOADED_BY_EVERY_PAGE.some((pattern) => pattern.test(file))),
      ].filter((file) => !html.includes(`/${file}"`));
      const head = [
        ...(earlyChunk ? [`<script type="module" crossorigin src="/${earlyChunk.fileName}"></script>`] : []),
        ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      const withHints = html.replace('</title>', `</title>\n    ${head.join('\n    ')}`);
      const size = (file: string) => {
        const output = bundle[file];
        return output?.type === 'chunk' ? output.code.length : 0;
      };
      page.source = orderPreloads(withHints, { first: earlyImports, size });
    },
  };
}

const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g;
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/;

/**
 * The head's hints in the order their downloads should start. Over HTTP/1.1 a page gets six connections per origin and
 * the rest wait: the stylesheet (it blocks the first paint) and the early script's imports (it starts the remote's
 * downloads and the first reads) go first, then the largest files, so that react-dom (a third of the first load) starts
 * with the first downloads instead of behind a dozen one-kilobyte loaders.
 */
export function orderPreloads(html: string, { first, size }: { first: readonly string[]; size: (file: string) => number }): string {
  const files = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  const stylesheet = html.match(STYLESHEET)?.[0].trim();
  const rest = files.filter((file) => !first.includes(file)).sort((a, b) => size(b) - size(a));
  const ordered = [...first.filter((file) => files.includes(file)), ...rest];
  const hints = [...(stylesheet ? [stylesheet] : []), ...ordered.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)];
  const stripped = html.replace(PRELOAD, '').replace(STYLESHEET, '');
  const firstScript = stripped.indexOf('<script type="module"');
  if (firstScript < 0) return html;
  // After the early script (the page's first), before the federation's bootstrap.
  const afterFirstScript = stripped.indexOf('</script>', firstScript) + '</script>'.length;
  return `${stripped.slice(0, afterFirstScript)}\n    ${hints.join('\n    ')}${stripped.slice(afterFirstScript)}`;
}
