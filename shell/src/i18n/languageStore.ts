import type { Language } from '@zaytoon/contract/client';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { languageAskedInUrl, openingLanguage, rememberLanguage, showLanguage } from './pageLanguage';

/**
 * The page's one language store, handed to every app (HostContext.language). Its language shows on `<html>` at once,
 * and a choice (the menu, or `?lang=` in the URL) is remembered in a cookie.
 */
export function createPageLanguage(opening: Language = openingLanguage()) {
  const store = createLanguageStore(opening);
  showLanguage(opening);
  if (languageAskedInUrl()) rememberLanguage(opening);
  store.subscribe((state, previous) => {
    if (state.language === previous.language) return;
    showLanguage(state.language);
    rememberLanguage(state.language);
  });
  return store;
}
