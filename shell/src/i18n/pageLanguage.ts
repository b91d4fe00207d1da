import {
  DEFAULT_LANGUAGE,
  directionOf,
  firstSupportedLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  readCookie,
  type Language,
} from '@zaytoon/contract/client';

const LANGUAGE_PARAM = 'lang';
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

export interface LanguageSources {
  search: string;
  cookies: string;
  /** `navigator.languages`: the reader's browser languages, the list its Accept-Language header carries. */
  browser: readonly string[];
}

const pageSources = (): LanguageSources => ({ search: window.location.search, cookies: document.cookie, browser: navigator.languages ?? [] });

/** `?lang=` in the URL, else the remembered choice, else the first of the browser's languages we have, else English. */
export function openingLanguage({ search, cookies, browser }: LanguageSources = pageSources()): Language {
  const asked = new URLSearchParams(search).get(LANGUAGE_PARAM);
  if (isLanguage(asked)) return asked;
  const remembered = readCookie(cookies, LANGUAGE_COOKIE);
  if (isLanguage(remembered)) return remembered;
  return firstSupportedLanguage(browser) ?? DEFAULT_LANGUAGE;
}

/** Whether the URL chose the language: that choice is remembered as if made in the menu. */
export const languageAskedInUrl = (search = window.location.search) => isLanguage(new URLSearchParams(search).get(LANGUAGE_PARAM));

/** `<html lang dir>`: the page's language and reading direction, for the browser, screen readers and the CSS. */
export function showLanguage(language: Language, root: HTMLElement = document.documentElement): void {
  root.lang = language;
  root.dir = directionOf(language);
}

export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${REMEMBERED_SECONDS}; SameSite=Lax`;
}
