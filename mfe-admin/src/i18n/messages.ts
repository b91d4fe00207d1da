import { useMemo } from 'react';
import { defineMessages, useLanguage } from '@zaytoon/web-kit';
import english from './locales/en.json';

export type AdminMessage = keyof typeof english;

export const { useMessages, preloadMessages } = defineMessages(
  english,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

/** Standalone numbers (the statistics tiles) in the page language's digits and grouping. */
export function useNumberFormat(): Intl.NumberFormat {
  const language = useLanguage();
  return useMemo(() => new Intl.NumberFormat(language), [language]);
}
