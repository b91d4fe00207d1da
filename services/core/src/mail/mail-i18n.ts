import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '@zaytoon/contract';
import ar from './locales/ar.json';
import cy from './locales/cy.json';
import en from './locales/en.json';
import ur from './locales/ur.json';

/**
 * The mails' texts by language. English is en.json; every other catalog lists in `_meta.reviewed` the keys
 * a native speaker has reviewed (the rest are machine quality). Counted texts use CLDR plural suffixes.
 */
export const MAIL_CATALOGS: Record<Language, Record<string, unknown>> = { en, ar, ur, cy };

const withoutMeta = ({ _meta: _ignored, ...entries }: Record<string, unknown>) => entries;

const mailI18n = i18next.createInstance();
void mailI18n.init({
  resources: Object.fromEntries(Object.entries(MAIL_CATALOGS).map(([language, catalog]) => [language, { translation: withoutMeta(catalog) }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  // Keys are flat ('resetCode.subject'); HTML is escaped by the layout, and the text part is plain text.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});

export const mailTexts = (language: Language): TFunction => mailI18n.getFixedT(language);
