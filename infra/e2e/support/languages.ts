import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { contractEnglishCatalog } from '@zaytoon/contract';
import { repoRoot } from './preview';

/**
 * The product's English words: every message of the apps' English catalogs (`apps`), placeholders and all (a filled-in
 * one never matches whole).
 */
export function englishWords(apps = ['shell']): Set<string> {
  const words = new Set<string>();
  for (const app of apps) {
    const locales = path.join(repoRoot, app, 'src/i18n/locales');
    for (const file of readdirSync(locales).filter((name) => /^en(\.[a-z-]+)?\.json$/.test(name))) {
      const { _meta, ...catalog } = JSON.parse(readFileSync(path.join(locales, file), 'utf8')) as Record<string, string>;
      for (const text of Object.values(catalog)) words.add(text.trim());
    }
  }
  return words;
}

/** Every app's English words and the contract's: its messages (toasts, errors, confirmations) and labels (reasons, kinds). */
export const productAndContractEnglish = () =>
  new Set([...englishWords(['shell', 'mfe-directory', 'mfe-admin']), ...Object.values(contractEnglishCatalog()).map((text) => text.trim())]);

/** What `shownTexts` leaves out besides hidden parts: business data, shown `dir="auto"` (an owner's 'Closed' for Sunday is theirs, not the product's). */
export const BUSINESS_DATA = '[hidden], script, style, [dir="auto"]';

/** Text the page shows or speaks: visible text nodes, and the labels and placeholders of its controls, outside `skip`. */
export async function shownTexts(page: Page, skip = '[hidden], script, style'): Promise<string[]> {
  return page.evaluate((skipped) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.closest(skipped) === null && node.textContent?.trim()) texts.push(node.textContent.trim());
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  }, skip);
}

/** `<html lang dir>`. */
export async function pageLanguage(page: Page): Promise<[string, string]> {
  return page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
}
