/**
 * npm run i18n:check (part of `npm run lint`, so of `npm test`): every message catalog beside English
 * (`<app>/src/i18n/locales/<language>.json`, and the mails' `services/core/src/mail/locales/<language>.json`) has every
 * key English has and no other (English may be split by when a page needs it: `en.json` and `en.<part>.json`, each key in
 * one of them) and its `_meta.reviewed` list, each message is valid ICU MessageFormat as messageformat reads it, using
 * only the placeholders English uses (the contract's English is messages.ts itself), and each plural gives every form its
 * language needs and no other (Arabic and Welsh six: zero, one, two, few, many, other). Prints how many messages still
 * wait for a native speaker's review.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type Token } from '@messageformat/parser';
import { contractEnglishCatalog, LANGUAGE_CODES } from '@zaytoon/contract';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKSPACES = ['shell', 'mfe-directory', 'mfe-admin', 'services/contract', 'services/core', 'services/web-kit'];
/** An app's catalogs, the shell's embeddable map's (a build of its own with words of its own), and the mails'. */
const CATALOG_DIRS = ['src/i18n/locales', 'src/embed/i18n/locales', 'src/mail/locales'];
/** Catalogs whose English is code, not a file: the contract's messages (messages.ts, which the API renders too). */
const ENGLISH_IN_CODE: Record<string, () => Record<string, string>> = { 'services/contract': contractEnglishCatalog };

/** English, whole (`en.json`) or split by when a page needs it (`en.json` first, `en.<part>.json` later). */
const ENGLISH_FILE = /^en(\.[a-z-]+)?\.json$/;

const CLDR_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];
type Catalog = Record<string, unknown> & { _meta?: { reviewed?: string[] } };

export interface CatalogReport {
  problems: string[];
  /** Messages per catalog file not yet reviewed by a native speaker. */
  unreviewed: Record<string, number>;
}

/** Placeholder names and, per plural, the forms it gives. */
function shapeOf(tokens: Token[], into = { names: new Set<string>(), plurals: [] as string[][] }) {
  for (const token of tokens) {
    if (token.type === 'content' || token.type === 'octothorpe') continue;
    into.names.add(token.arg);
    if (token.type === 'plural') into.plurals.push(token.cases.map((option) => option.key));
    if (token.type === 'function') shapeOf(token.param ?? [], into);
    else if (token.type !== 'argument') for (const option of token.cases) shapeOf(option.tokens, into);
  }
  return into;
}

/** The plural forms a language has (CLDR's, as Intl knows them), in CLDR's order. */
const pluralForms = (language: string) =>
  [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort((a, b) => CLDR_ORDER.indexOf(a) - CLDR_ORDER.indexOf(b));

/** Parsed as messageformat compiles it for `language`: a plural form the language does not have is an error too. */
function parsed(file: string, key: string, text: unknown, language: string, problems: string[]) {
  if (typeof text !== 'string') return void problems.push(`${file}: "${key}" is not a string`);
  try {
    return shapeOf(parse(text, { cardinal: pluralForms(language) }));
  } catch (error) {
    problems.push(`${file}: "${key}" is not valid ICU MessageFormat (${(error as Error).message})`);
    return undefined;
  }
}

/** Checks the translations in `dir` against English: its `en.json` (and `en.<part>.json`), or `englishInCode` when given. */
export function checkCatalogDir(dir: string, label = dir, englishInCode?: Record<string, string>): CatalogReport {
  const problems: string[] = [];
  const unreviewed: Record<string, number> = {};
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Catalog;
  const english: Record<string, unknown> = { ...englishInCode };
  for (const part of englishInCode ? [] : readdirSync(dir).filter((file) => ENGLISH_FILE.test(file))) {
    const { _meta: _englishMeta, ...words } = read(part.replace(/\.json$/, ''));
    for (const key of Object.keys(words)) if (key in english) problems.push(`${label}/${part}: "${key}" is in another English file too`);
    Object.assign(english, words);
  }
  for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
    const file = `${label}/${language}.json`;
    if (!existsSync(path.join(dir, `${language}.json`))) {
      problems.push(`${file} is missing`);
      continue;
    }
    const { _meta, ...catalog } = read(language);
    const forms = pluralForms(language);
    for (const key of Object.keys(english)) if (!(key in catalog)) problems.push(`${file} lacks "${key}"`);
    for (const [key, text] of Object.entries(catalog)) {
      if (!(key in english)) {
        problems.push(`${file} has "${key}", which English does not`);
        continue;
      }
      const own = parsed(file, key, text, language, problems);
      const source = parsed(`${label}/en.json`, key, english[key], 'en', problems);
      if (!own || !source) continue;
      for (const name of own.names) if (!source.names.has(name)) problems.push(`${file}: "${key}" uses {${name}}, which English does not`);
      for (const given of own.plurals) {
        const missing = forms.filter((form) => !given.includes(form));
        if (missing.length) problems.push(`${file}: "${key}" lacks the plural forms ${missing.join(', ')}`);
      }
    }
    if (!Array.isArray(_meta?.reviewed)) problems.push(`${file}: _meta.reviewed is missing`);
    const reviewed = _meta?.reviewed ?? [];
    for (const key of reviewed) if (!(key in english)) problems.push(`${file}: _meta.reviewed names "${key}", which English does not have`);
    unreviewed[file] = Object.keys(english).filter((key) => !reviewed.includes(key)).length;
  }
  return { problems, unreviewed };
}

export function checkCatalogs(root = REPO): CatalogReport {
  const report: CatalogReport = { problems: [], unreviewed: {} };
  for (const workspace of WORKSPACES) {
    for (const relative of CATALOG_DIRS) {
      const dir = path.join(root, workspace, relative);
      if (!existsSync(dir)) continue;
      const englishInCode = ENGLISH_IN_CODE[workspace]?.();
      if (!englishInCode && !existsSync(path.join(dir, 'en.json'))) continue;
      const extra = readdirSync(dir).filter((file) => !/^[a-z]{2}\.json$/.test(file) && !ENGLISH_FILE.test(file));
      if (extra.length) report.problems.push(`${workspace}/${relative}: unexpected files ${extra.join(', ')}`);
      const { problems, unreviewed } = checkCatalogDir(dir, `${workspace}/${relative}`, englishInCode);
      report.problems.push(...problems);
      Object.assign(report.unreviewed, unreviewed);
    }
  }
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { problems, unreviewed } = checkCatalogs();
  for (const [file, count] of Object.entries(unreviewed)) if (count) console.log(`${file}: ${count} machine-quality messages await review`);
  if (problems.length) {
    console.error(`Message catalogs: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Message catalogs: ${Object.keys(unreviewed).length} translations complete.`);
}
