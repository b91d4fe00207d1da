import { createStore } from 'zustand/vanilla';
import { DEFAULT_LANGUAGE, type Language, type LanguageState } from '@zaytoon/contract/client';

/**
 * The language store: the shell makes the page's one (and test harnesses theirs). Choosing a language only sets it;
 * the shell adds the effects. Imported from `@zaytoon/web-kit/language-store`: a remote reads the store the shell
 * hands over and never makes one.
 */
export function createLanguageStore(language: Language = DEFAULT_LANGUAGE) {
  return createStore<LanguageState>()((set) => ({
    language,
    setLanguage: (next) => set({ language: next }),
  }));
}
