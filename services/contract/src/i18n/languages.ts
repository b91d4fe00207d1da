/** The languages of the product (issue #15). English is the default, and its words are SPEC's. */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'ur', name: 'اردو', dir: 'rtl' },
  { code: 'cy', name: 'Cymraeg', dir: 'ltr' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';

export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [Language, ...Language[]];

export const isLanguage = (value: unknown): value is Language => LANGUAGE_CODES.includes(value as Language);

export const directionOf = (language: Language): TextDirection => LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';

/** The first supported language among BCP 47 tags in the reader's order (`navigator.languages`): `ar-EG` is `ar`. */
export function firstSupportedLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}
