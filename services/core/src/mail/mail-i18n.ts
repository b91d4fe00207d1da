import MessageFormat, { type MessageFunction } from '@messageformat/core';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '@zaytoon/contract';
import ar from './locales/ar.json';
import cy from './locales/cy.json';
import en from './locales/en.json';
import ur from './locales/ur.json';

/**
 * The mails' texts by language, in ICU MessageFormat like the apps' catalogs (one check for all: npm run i18n:check).
 * English is en.json; every other catalog lists in `_meta.reviewed` the keys a native speaker has reviewed (the rest
 * are machine quality). A counted text is one plural message with every CLDR form its language has.
 */
export const MAIL_CATALOGS: Record<Language, Record<string, unknown>> = { en, ar, ur, cy };

export type MailKey = Exclude<keyof typeof en, '_meta'>;
export type MailValues = Record<string, string | number>;
/** One language's texts: a key and the values its message fills in. */
export type MailText = (key: MailKey, values?: MailValues) => string;

/**
 * Compiled once, when the module loads: the servers render mails from source with no build step of their own, and a
 * catalog with a broken message stops the process at start rather than at its first mail of that kind.
 */
function compiled(language: Language): Map<string, MessageFunction<'string'>> {
  // A value a message names but the template does not give is a bug to hear about, not a mail saying "undefined".
  const messageFormat = new MessageFormat<'string'>(language, { requireAllArguments: true });
  const { _meta: _reviewNotes, ...messages } = MAIL_CATALOGS[language];
  return new Map(Object.entries(messages).map(([key, message]) => [key, messageFormat.compile(message as string)]));
}

const COMPILED = new Map(LANGUAGE_CODES.map((language) => [language, compiled(language)]));

/** A key a translation lacks is said in English. */
export const mailTexts =
  (language: Language): MailText =>
  (key, values) =>
    (COMPILED.get(language)?.get(key) ?? COMPILED.get(DEFAULT_LANGUAGE)!.get(key)!)(values);
