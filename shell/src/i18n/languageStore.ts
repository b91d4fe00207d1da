import { normaliseUser, type ApiClient, type Language, type ReadableStore, type SessionState } from '@zaytoon/contract/client';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { languageAskedInUrl, openingLanguage, rememberLanguage, showLanguage } from './pageLanguage';

type LanguageStore = ReturnType<typeof createLanguageStore>;

/**
 * The page's one language store, handed to every app (HostContext.language). Its language shows on `<html>` at once,
 * and a choice (the menu, or `?lang=` in the URL) is remembered in a cookie.
 */
export function createPageLanguage(opening: Language = openingLanguage()): LanguageStore {
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

/**
 * A member's language lives in their account too: when they sign in (or the page finds them signed in) it becomes the
 * page's, unless the URL asked for one; a language they choose afterwards is saved to the account (and so their mails).
 */
export function followMemberLanguage(language: LanguageStore, session: ReadableStore<SessionState>, api: Pick<ApiClient, 'call'>): void {
  const urlChose = languageAskedInUrl();
  session.subscribe((state, previous) => {
    const chosen = state.user?.language;
    if (!state.user || state.user.id === previous.user?.id || !chosen || urlChose) return;
    if (chosen !== language.getState().language) language.getState().setLanguage(chosen);
  });
  language.subscribe((state, previous) => {
    const { user, setUser } = session.getState();
    if (state.language === previous.language || !user || user.language === state.language) return;
    api.call('setLanguage', { body: { language: state.language } }).then(
      (saved) => setUser(normaliseUser(saved) ?? user),
      () => undefined,
    );
  });
}
