/**
 * The languages Zaytoon speaks. React-free: the API, the worker's mails and the front ends share it.
 * `digits`: how a count is written. 'latin' is CLDR's default for the language (0-9), written without Intl; 'locale'
 * leaves it to the browser's Intl.NumberFormat (Arabic may come in Arabic-Indic digits).
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', digits: 'latin' },
  { code: 'ar', name: 'العربية', dir: 'rtl', digits: 'locale' },
  { code: 'ur', name: 'اردو', dir: 'rtl', digits: 'latin' },
  { code: 'cy', name: 'Cymraeg', dir: 'ltr', digits: 'latin' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export type TextDirection = (typeof LANGUAGES)[number]['dir'];

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

export const directionOf = (language: Language): TextDirection => LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';

export const writesLatinDigits = (language: Language): boolean => LANGUAGES.find((entry) => entry.code === language)?.digits === 'latin';

/** The first supported language among BCP 47 tags in the reader's order (`navigator.languages`): `ar-EG` is `ar`. */
export function firstSupportedLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The best supported language for an Accept-Language header (RFC 9110 §12.5.4): ranges by descending q (ties keep
 * their order), q=0 refused, and a range matches by its primary subtag, so 'ar-EG' and 'cy-GB' count as 'ar' and
 * 'cy'. Only four primary tags are offered, so RFC 4647 lookup needs no more than that. '*' or nothing: the default.
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const q = parameters.find((parameter) => /^q=/i.test(parameter));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: range.toLowerCase().split('-')[0]!, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_LANGUAGE;
    if (isLanguage(tag)) return tag;
  }
  return DEFAULT_LANGUAGE;
}

/** A request's language when nobody chose one for the member: the visitor's cookie, else Accept-Language. */
export const requestLanguage = (cookie: unknown, acceptLanguage: string | null | undefined): Language =>
  isLanguage(cookie) ? cookie : negotiateLanguage(acceptLanguage);
