import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCatalogDir, checkCatalogs } from './check-catalogs';

const MAIL_LOCALES = 'services/core/src/mail/locales';

const ARABIC_PLURAL = '{count, plural, zero {لا شيء} one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {# أعمال}}';
let dir: string;

function catalogs(files: Record<string, object>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'catalogs-'));
  for (const [language, messages] of Object.entries(files)) writeFileSync(path.join(dir, `${language}.json`), JSON.stringify(messages));
  return dir;
}

const complete = { found: '{count, plural, one {# business found} other {# businesses found}}', hello: 'Hello {name}' };
const others = (ar: object, extra: object = {}) => ({
  en: complete,
  ar: { _meta: { reviewed: [] }, ...ar },
  ur: { _meta: { reviewed: [] }, found: '{count, plural, one {# کاروبار} other {# کاروبار}}', hello: 'سلام {name}', ...extra },
  cy: { _meta: { reviewed: [] }, found: '{count, plural, zero {#} one {#} two {#} few {#} many {#} other {#}}', hello: 'Helo {name}', ...extra },
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('message catalog check', () => {
  it('passes complete catalogs, and counts the messages nobody has reviewed', () => {
    const report = checkCatalogDir(catalogs(others({ _meta: { reviewed: ['hello'] }, found: ARABIC_PLURAL, hello: 'مرحبًا {name}' })), 'x');
    expect(report.problems).toEqual([]);
    expect(report.unreviewed).toEqual({ 'x/ar.json': 1, 'x/ur.json': 2, 'x/cy.json': 2 });
  });

  it('fails a catalog that lacks a key English has, or has one English does not', () => {
    const report = checkCatalogDir(catalogs(others({ found: ARABIC_PLURAL, stale: 'قديم' })), 'x');
    expect(report.problems).toEqual(['x/ar.json lacks "hello"', 'x/ar.json has "stale", which English does not']);
  });

  it('fails a catalog without its list of reviewed keys, or one naming a key English does not have', () => {
    const report = checkCatalogDir(
      catalogs(others({ _meta: undefined, found: ARABIC_PLURAL, hello: 'مرحبًا {name}' }, { _meta: { reviewed: ['gone'] } })),
      'x',
    );
    expect(report.problems).toEqual([
      'x/ar.json: _meta.reviewed is missing',
      'x/ur.json: _meta.reviewed names "gone", which English does not have',
      'x/cy.json: _meta.reviewed names "gone", which English does not have',
    ]);
  });

  it('fails a plural form the language does not have, as messageformat would when compiling it', () => {
    const report = checkCatalogDir(
      catalogs(others({ found: ARABIC_PLURAL, hello: 'مرحبًا {name}' }, { found: '{count, plural, one {#} few {#} other {#}}' })),
      'x',
    );
    expect(report.problems).toEqual([
      expect.stringMatching(/^x\/ur\.json: "found" is not valid ICU MessageFormat \(The plural case few is not valid in this locale/),
      'x/cy.json: "found" lacks the plural forms zero, two, many',
    ]);
  });

  it('fails an Arabic plural without its six forms, a placeholder English does not use, and broken syntax', () => {
    const report = checkCatalogDir(
      catalogs(others({ found: '{count, plural, one {واحد} other {# أعمال}}', hello: 'مرحبًا {user}' }, { hello: 'Hi {name' })),
      'x',
    );
    expect(report.problems).toEqual([
      'x/ar.json: "found" lacks the plural forms zero, two, few, many',
      'x/ar.json: "hello" uses {user}, which English does not',
      expect.stringMatching(/^x\/ur\.json: "hello" is not valid ICU MessageFormat/),
      expect.stringMatching(/^x\/cy\.json: "hello" is not valid ICU MessageFormat/),
    ]);
  });

  it('reads English split by when a page needs it (en.json and en.<part>.json), and fails a key in two of its files', () => {
    const split = catalogs({
      ...others({ found: ARABIC_PLURAL, hello: 'مرحبًا {name}' }),
      en: { found: complete.found },
      'en.screens': { hello: complete.hello },
    });
    expect(checkCatalogDir(split, 'x').problems).toEqual([]);
    writeFileSync(path.join(split, 'en.later.json'), JSON.stringify({ found: complete.found }));
    expect(checkCatalogDir(split, 'x').problems).toEqual(['x/en.later.json: "found" is in another English file too']);
    rmSync(path.join(split, 'en.later.json'));
    rmSync(path.join(split, 'en.screens.json'));
    expect(checkCatalogDir(split, 'x').problems).toEqual([
      'x/ar.json has "hello", which English does not',
      'x/ur.json has "hello", which English does not',
      'x/cy.json has "hello", which English does not',
    ]);
  });

  it("passes the repository's own catalogs, the contract's messages among them", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'unused-'));
    const report = checkCatalogs();
    expect(report.problems).toEqual([]);
    expect(Object.keys(report.unreviewed)).toContain('services/contract/src/i18n/locales/ar.json');
    expect(Object.keys(report.unreviewed)).toContain(`${MAIL_LOCALES}/cy.json`);
  });

  it("checks the mails' catalogs like the apps': a counted text without every Welsh form, or a placeholder English does not use, fails", () => {
    const repo = path.resolve(import.meta.dirname, '../..');
    dir = mkdtempSync(path.join(tmpdir(), 'repo-'));
    const locales = path.join(dir, MAIL_LOCALES);
    cpSync(path.join(repo, MAIL_LOCALES), locales, { recursive: true });
    expect(checkCatalogs(dir).problems).toEqual([]);
    const edit = (language: string, key: string, change: (text: string) => string) => {
      const file = path.join(locales, `${language}.json`);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      writeFileSync(file, JSON.stringify({ ...catalog, [key]: change(catalog[key]) }));
    };
    edit('cy', 'resetCode.expiry', (text) => text.replace(/ many \{[^}]*\}/, ''));
    edit('ar', 'greeting', (text) => text.replace('{name}', '{email}'));
    expect(checkCatalogs(dir).problems).toEqual([
      `${MAIL_LOCALES}/ar.json: "greeting" uses {email}, which English does not`,
      `${MAIL_LOCALES}/cy.json: "resetCode.expiry" lacks the plural forms many`,
    ]);
  });

  it('checks translations against English given as code (the contract: messages.ts rendered with placeholders)', () => {
    const { en: _english, ...translations } = others({ found: ARABIC_PLURAL, hello: 'مرحبًا {user}' });
    const report = checkCatalogDir(catalogs(translations), 'x', complete);
    expect(report.problems).toEqual(['x/ar.json: "hello" uses {user}, which English does not']);
  });
});
