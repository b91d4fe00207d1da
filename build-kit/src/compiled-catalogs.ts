import MessageFormat, { type PluralFunction } from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import * as cardinals from 'make-plural/cardinals';
import * as categories from 'make-plural/pluralCategories';
import type { Plugin } from 'vite';
import { plainText } from './catalog-text.ts';

/** A message catalog: `<app>/src/i18n/locales/<language>.json` (English maybe in parts, `en.<part>.json`), flat keys to ICU MessageFormat text. */
export const CATALOG_FILE = /\/i18n\/locales\/([a-z]{2})(\.[a-z-]+)?\.json$/;
const RUNTIME = '@messageformat/runtime';
/** Vite's other imports of a file (its text, its URL, a worker): they are not the catalog's messages. */
const SPECIAL_QUERY = /[?&](?:raw|url|worker|sharedworker)\b/;

/**
 * The language's plural rule (CLDR's, from make-plural) for MessageFormat to write into the catalog's module. Given a
 * locale code instead, it imports the rule from the runtime's one module of all rules, which the bundler then puts in
 * the first chunk with every catalog's rule in it.
 */
function pluralRule(locale: string): PluralFunction {
  const rule = (cardinals as Record<string, unknown>)[locale] as PluralFunction | undefined;
  const forms = (categories as Record<string, unknown>)[locale] as { cardinal: PluralFunction['cardinals'] } | undefined;
  if (!rule || !forms) throw new Error(`No plural rule for the catalog language '${locale}'`);
  // MessageFormat takes the locale from the function's name, the valid forms from `cardinals`, the code from its text
  // (make-plural's rules are self-contained, and languages share them, so their own names are not the locale).
  const own = Object.assign((value: string | number) => rule(value), { cardinals: forms.cardinal, toString: () => String(rule) });
  return Object.defineProperty(own, 'name', { value: locale });
}

/**
 * A catalog as an ES module whose default export maps each key to its text (nothing to fill in: a string is smaller
 * than a function returning it) or to a function of the values, compiled by messageformat with the catalog's own
 * locale, so that a plural takes that language's forms (Arabic six).
 */
export function catalogModule(locale: string, messages: Record<string, string>): string {
  const plain: Record<string, string> = {};
  const fillable: Record<string, string> = {};
  for (const [key, message] of Object.entries(messages)) {
    const text = plainText(message);
    if (text === undefined) fillable[key] = message;
    else plain[key] = text;
  }
  // compileModule writes imports and helpers, then `export default {…}` on a line of its own; messages' text is in string literals.
  const compiled = compileModule(new MessageFormat(pluralRule(locale)), fillable).replace(/^export default /m, 'const fillable = ');
  return `${compiled};\nexport default Object.assign(${JSON.stringify(plain)}, fillable);\n`;
}

/**
 * Message catalogs compiled to JavaScript when they are bundled (messageformat's intended use): the page carries
 * neither a message parser nor a formatter, only the compiled messages and `@messageformat/runtime`'s few helpers
 * (plural, select, number). The catalog's `_meta` (translation review notes, docs/translating.md) stays out of the
 * bundle. Same output in `vite`, `vite build` and vitest.
 */
export function compiledCatalogs(): Plugin {
  let devServer = false;
  return {
    name: 'zaytoon:compiled-catalogs',
    enforce: 'pre',
    configureServer() {
      // vitest runs a dev server too, but its modules run in Node, where the package name resolves.
      devServer = !process.env.VITEST;
    },
    transform(code, id, options) {
      const catalog = CATALOG_FILE.exec(id.split('?')[0]);
      if (!catalog || SPECIAL_QUERY.test(id)) return null;
      const { _meta, ...messages } = JSON.parse(code) as Record<string, string>;
      // JavaScript now: Vite's JSON handling must not read it as JSON.
      const module = catalogModule(catalog[1], messages);
      // The dev server leaves a .json file's imports as written (no import analysis), and a browser cannot load a bare
      // package name: it gets Vite's URL for it instead.
      const served = devServer && !options?.ssr ? module.replaceAll(`from "${RUNTIME}"`, `from "/@id/${RUNTIME}"`) : module;
      return { code: served, map: null, moduleType: 'js' };
    },
  };
}
