import { DEFAULT_LANGUAGE, type Language } from '@zaytoon/contract/client';
import english from './locales/en.json';

export type EmbedMessage = keyof typeof english;
type MessageValues = Record<string, string | number>;
/** A catalog as compiledCatalogs hands it over: each message its text, or a function of the values it fills in. */
type Catalog = Partial<Record<EmbedMessage, string | ((values: MessageValues) => string)>>;
export type Translate = (key: EmbedMessage, values?: MessageValues) => string;

const translations = import.meta.glob<Catalog>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });

/** The embed's words in `language` (English for a key a translation lacks, or when its catalog cannot be fetched). */
export async function loadMessages(language: Language): Promise<Translate> {
  const load = language === DEFAULT_LANGUAGE ? undefined : translations[`./locales/${language}.json`];
  const catalog: Catalog = (await load?.().catch(() => undefined)) ?? {};
  const englishWords = english as Catalog;
  return (key, values = {}) => {
    const message = catalog[key] ?? englishWords[key] ?? key;
    return typeof message === 'string' ? message : message(values);
  };
}
