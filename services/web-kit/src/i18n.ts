import { useEffect, useMemo, useState } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { DEFAULT_LANGUAGE, isLanguage, type Language, type LanguageState, type ReadableStore } from '@zaytoon/contract/client';
import { useHost } from './host';

export type MessageValues = Record<string, string | number>;
/** A catalog as the build hands it over (compiledCatalogs): each message its text, or a function of what it fills in. */
type Catalog = Record<string, string | ((values: MessageValues) => string)>;
export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

export const useLanguage = (): Language => useStore(useHost().language, (state) => state.language);

/** What `import.meta.glob('./locales/*.json', { import: 'default' })` gives: a loader per catalog file. */
type CatalogLoaders = Record<string, () => Promise<unknown>>;

/**
 * One app's messages: English bundled (SPEC's words, and the fallback for a key a translation lacks), every other
 * language downloaded when first shown. English may come in parts: the words of the first screen here, the later
 * screens' words added by their own module (`addEnglish`), so that a first visit does not download them. Each app waits for the page language's catalog before its first render
 * (`preloadMessages`: the shell's boot, a remote's root module); after a switch, a screen keeps the words it shows
 * until the new catalog is in, so nothing suspends and no spinner flashes.
 */
export function defineMessages<Key extends string>(english: Record<Key, unknown>, loaders: CatalogLoaders) {
  // Typed from the catalog's JSON (its keys are the app's message names); compiledCatalogs made it a Catalog.
  const englishWords = { ...english } as Catalog;
  const loaded = new Map<Language, Catalog>([[DEFAULT_LANGUAGE, englishWords]]);
  const downloads = new Map<Language, Promise<void>>();
  /** How many catalogs have arrived: a render reads it to see new ones. */
  const progress = createStore(() => ({ arrived: 0 }));

  function settle(language: Language, catalog: Catalog): void {
    loaded.set(language, catalog);
    progress.setState((state) => ({ arrived: state.arrived + 1 }));
  }

  function download(language: Language): Promise<void> {
    let pending = downloads.get(language);
    if (!pending) {
      const loader = Object.entries(loaders).find(([file]) => file.endsWith(`/${language}.json`))?.[1];
      pending = (loader ? loader() : Promise.resolve({})).then(
        (catalog) => settle(language, catalog as Catalog),
        // A catalog that cannot be fetched leaves that language's words in English, rather than a page that never shows.
        () => settle(language, {}),
      );
      downloads.set(language, pending);
    }
    return pending;
  }

  function format(language: Language, key: string, values: MessageValues = {}): string {
    const message = loaded.get(language)?.[key] ?? englishWords[key];
    if (message === undefined) return key;
    return typeof message === 'string' ? message : message(values);
  }

  /** The app's `t`: its messages in the page's language. */
  function useMessages(): Translate<string> {
    const store = useHost().language;
    const wanted = useStore(store, (state) => state.language);
    useStore(progress, (state) => state.arrived);
    const ready = loaded.has(wanted);
    const [shown, setShown] = useState(wanted);
    if (ready && shown !== wanted) setShown(wanted);
    const language = ready ? wanted : shown;
    useEffect(() => {
      if (!ready) void download(wanted);
    }, [ready, wanted]);
    return useMemo(() => (key: string, values?: MessageValues) => format(language, key, values), [language]);
  }

  /** More English words (a later screen's, bundled with it): the hook that also knows their keys. */
  function addEnglish<More extends string>(more: Record<More, unknown>): () => Translate<Key | More> {
    Object.assign(englishWords, more);
    return useMessages;
  }

  /** Starts the download of the language the page opens in, before the first render asks for it. */
  const preloadMessages = (language: Language) => (loaded.has(language) ? Promise.resolve() : download(language));

  /** Outside a render (a toast after a call): the messages in the page's language, English until its catalog is in. */
  const messagesNow =
    (store: ReadableStore<LanguageState>): Translate<Key> =>
    (key, values) =>
      format(store.getState().language, key, values);

  return { useMessages: useMessages as () => Translate<Key>, preloadMessages, addEnglish, messagesNow };
}

/** The language the shell gave the page (`<html lang>`, set by its first script): what a remote's root module preloads. */
export function openingPageLanguage(): Language {
  const shown = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(shown) ? shown : DEFAULT_LANGUAGE;
}
