import { useMemo } from 'react';
import { defineMessages, useLanguage } from '@zaytoon/web-kit';
import { writesLatinDigits, type Language } from '@zaytoon/contract/client';
import listWords from './locales/en.json';

/**
 * The words of /browse's list and of the parts every screen shares (navigation, fields, spinners): all a first visit
 * downloads. The later screens' English comes with them (`./messages`). A translation is one file, downloaded whole.
 */
export const {
  useMessages: useListMessages,
  preloadMessages,
  addEnglish,
} = defineMessages(listWords, import.meta.glob(['./locales/*.json', '!./locales/en.json', '!./locales/en.*.json'], { import: 'default' }));

/** The Intl locale of a page language: English is SPEC's en-GB (dates as 05/03/2024). */
export const localeOf = (language: Language) => (language === 'en' ? 'en-GB' : language);

/** The page language's Intl locale, for dates and day names. */
export const useLocale = () => localeOf(useLanguage());

/**
 * A count's values for a plural message: `count` picks the form, `n` is written in the page language's digits,
 * ungrouped, as SPEC's English is ('100000 businesses found'; ICU's `#` would group it). Latin digits skip Intl: the
 * page's first Intl object loads the browser's locale data, a long task in
 * /browse's first render, which needs nothing else from Intl.
 */
export function useCount() {
  const language = useLanguage();
  return useMemo(() => {
    const write = writesLatinDigits(language) ? String : new Intl.NumberFormat(language, { useGrouping: false }).format;
    return (count: number) => ({ count, n: write(count) });
  }, [language]);
}
