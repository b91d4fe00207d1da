/**
 * npm run i18n:check (part of `npm run lint`, so of `npm test`): every message catalog beside English
 * (`<app>/src/i18n/locales/<language>.json`) has every key English has and no other (English may be split by when a page
 * needs it: `en.json` and `en.<part>.json`, each key in one of them), each message is valid ICU
 * MessageFormat using only the placeholders English uses (the contract's English is messages.ts itself), and each plural gives every form its language needs
 * (Arabic six: zero, one, two, few, many, other). Prints how many messages still wait for a native speaker's review.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPluralElement, isSelectElement, parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { contractEnglishCatalog, LANGUAGE_CODES } from '@zaytoon/contract';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKSPACES = ['shell', 'mfe-directory', 'mfe-admin', 'services/contract', 'services/core', 'services/web-kit'];
/** An app's catalogs, and the shell's embeddable map's, a build of its own with words of its own. */
const CATALOG_DIRS = ['src/i18n/locales', 'src/embed/i18n/locales'];
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
function shapeOf(elements: MessageFormatElement[], into = { names: new Set<string>(), plurals: [] as string[][] }) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string' && element.type !== TYPE.tag) into.names.add(element.value);
    if (isPluralElement(element)) into.plurals.push(Object.keys(element.options));
    if (isPluralElement(element) || isSelectElement(element)) for (const option of Object.values(element.options)) shapeOf(option.value, into);
    if (element.type === TYPE.tag) shapeOf(element.children, into);
  }
  return into;
}

function parsed(file: string, key: string, text: unknown, problems: string[]) {
  if (typeof text !== 'string') return void problems.push(`${file}: "${key}" is not a string`);
  try {
    return shapeOf(parse(text));
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
    const forms = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort(
      (a, b) => CLDR_ORDER.indexOf(a) - CLDR_ORDER.indexOf(b),
    );
    for (const key of Object.keys(english)) if (!(key in catalog)) problems.push(`${file} lacks "${key}"`);
    for (const [key, text] of Object.entries(catalog)) {
      if (!(key in english)) {
        problems.push(`${file} has "${key}", which English does not`);
        continue;
      }
      const own = parsed(file, key, text, problems);
      const source = parsed(`${label}/en.json`, key, english[key], problems);
      if (!own || !source) continue;
      for (const name of own.names) if (!source.names.has(name)) problems.push(`${file}: "${key}" uses {${name}}, which English does not`);
      for (const given of own.plurals) {
        const missing = forms.filter((form) => !given.includes(form));
        if (missing.length) problems.push(`${file}: "${key}" lacks the plural forms ${missing.join(', ')}`);
      }
    }
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
