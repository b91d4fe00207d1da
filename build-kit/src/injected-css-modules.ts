import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'lightningcss';
import { preprocessCSS, type Plugin, type ResolvedConfig } from 'vite';

const CSS_MODULE = /\.module\.css$/;
/** The JS module that stands for a CSS Module: not a CSS request to Vite, so its own CSS handling leaves it alone. */
const INJECTED_SUFFIX = '.injected.js';

/**
 * CSS Modules for a federated remote: `import classes from './Card.module.css'` gives the scoped class names, and
 * the compiled CSS travels inside the JS and reaches the page through `injectStyles`. A remote's own CSS files are
 * never loaded by a host page on another origin (module-federation/vite#512), and Vite's `?inline` drops the class
 * names. Same in `vite` (dev), `vite build` and vitest.
 */
export function injectedCssModules(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'zaytoon:injected-css-modules',
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(source, importer, options) {
      if (!CSS_MODULE.test(source) || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? resolved.id + INJECTED_SUFFIX : null;
    },
    async load(id) {
      if (!id.endsWith(INJECTED_SUFFIX)) return null;
      const file = id.slice(0, -INJECTED_SUFFIX.length);
      this.addWatchFile(file);
      const { code, modules } = await preprocessCSS(await readFile(file, 'utf8'), file, config);
      const css = config.command === 'build' ? transform({ filename: file, code: Buffer.from(code), minify: true }).code.toString() : code;
      const styleId = `css-${createHash('sha256').update(path.relative(config.root, file)).digest('hex').slice(0, 10)}`;
      return [
        `import { injectStyles } from '@zaytoon/web-kit';`,
        `injectStyles(${JSON.stringify(styleId)}, ${JSON.stringify(css)});`,
        `export default ${JSON.stringify(modules ?? {})};`,
      ].join('\n');
    },
  };
}
