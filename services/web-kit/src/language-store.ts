import { IntlMessageFormat } from 'intl-messageformat';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_LANGUAGE, type Language, type LanguageState, type MessageFormatter } from '@zaytoon/contract/client';

type CompiledMessage = ConstructorParameters<typeof IntlMessageFormat>[0];

/**
 * The language store: the shell makes the page's one (and test harnesses theirs). Choosing a language only sets it;
 * the shell adds the effects. Imported from `@zaytoon/web-kit/language-store` so that a remote, which reads the
 * store the shell hands over, never bundles the formatter.
 */
export function createLanguageStore(language: Language = DEFAULT_LANGUAGE) {
  return createStore<LanguageState>()((set) => ({
    language,
    setLanguage: (next) => set({ language: next }),
    formatter: (message, locale): MessageFormatter => {
      const format = new IntlMessageFormat(message as CompiledMessage, locale);
      return { format: (values) => String(format.format(values)) };
    },
  }));
}
