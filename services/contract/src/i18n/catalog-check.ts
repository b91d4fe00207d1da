import type { Language } from './languages';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * What a catalog lacks against English's keys: a plain key must be there; a counted key (English's
 * `_one`/`_other`) needs every CLDR plural form of the catalog's language (Arabic and Welsh: all six). `_meta` must
 * list only keys the catalog has. Used by the mails' catalog tests (i18next syntax); the contract's ICU catalogs are checked with the apps' (infra/i18n/check-catalogs.ts).
 */
export function catalogProblems(english: Record<string, unknown>, catalog: Record<string, unknown>, language: Language): string[] {
  const { _meta: meta, ...entries } = catalog as { _meta?: { reviewed?: unknown } } & Record<string, unknown>;
  const problems: string[] = [];
  if (!Array.isArray(meta?.reviewed)) problems.push('_meta.reviewed is missing');
  const bases = new Set(Object.keys(english).map((key) => key.replace(PLURAL_SUFFIX, '')));
  const counted = new Set(
    Object.keys(english)
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map((key) => key.replace(PLURAL_SUFFIX, '')),
  );
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  for (const base of bases) {
    const wanted = counted.has(base) ? forms.map((form) => `${base}_${form}`) : [base];
    for (const key of wanted) if (typeof entries[key] !== 'string' || !entries[key]) problems.push(`${key} is missing`);
  }
  for (const key of Object.keys(entries)) if (!bases.has(key.replace(PLURAL_SUFFIX, ''))) problems.push(`${key} is not in English`);
  for (const key of Array.isArray(meta?.reviewed) ? (meta.reviewed as string[]) : [])
    if (!(key in entries)) problems.push(`reviewed ${key} is not in the catalog`);
  return problems;
}
