import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** A message catalog: `<app>/src/i18n/locales/<language>.json` (English maybe in parts, `en.<part>.json`), flat keys to ICU MessageFormat text. */
export const CATALOG_FILE = /\/i18n\/locales\/[a-z]{2}(\.[a-z-]+)?\.json$/;
const PARSER = '@formatjs/icu-messageformat-parser';

/** A message with nothing to fill in stays its text (a third of the bytes of its one-literal tree). */
function compile(text: string): string | MessageFormatElement[] {
  const tree = parse(text);
  return tree.every((element) => element.type === TYPE.literal) ? tree.map((element) => element.value).join('') : tree;
}

/**
 * Message catalogs compiled to ICU syntax trees when they are bundled (FormatJS's documented way to ship
 * messages): the page then needs no message parser, so a build swaps intl-messageformat's parser for the
 * package's `no-parser` entry, 7 kB of gzip off each app's first load. The catalog's `_meta` (translation review
 * notes, docs/translating.md) stays out of the bundle. Same output in `vite`, `vite build` and vitest.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'zaytoon:compiled-catalogs',
    enforce: 'pre',
    config: (_config, { command }) =>
      command === 'build' ? { resolve: { alias: [{ find: new RegExp(`^${PARSER}$`), replacement: `${PARSER}/no-parser.js` }] } } : undefined,
    transform(code, id) {
      if (!CATALOG_FILE.test(id.split('?')[0])) return null;
      const { _meta, ...messages } = JSON.parse(code) as Record<string, unknown>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compile(String(text))]));
      // Still JSON: Vite's own JSON handling turns it into the module.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
