import { MESSAGES, PARAMETERISED_MESSAGES } from '../messages';
import { contractLabelEntries } from './contract-labels';

/** Stands in for a param: reads as `{name}` in a template, and joins (a list of hosts) to the same. */
function placeholder(name: string) {
  const text = `{${name}}`;
  return { toString: () => text, join: () => text };
}

/**
 * English as ICU MessageFormat, for the catalog check (infra/i18n/check-catalogs.ts): MESSAGES' texts, and each
 * parameterised message rendered with placeholders (`Merge into {into}`), and the label tables (`field.name`).
 * English itself stays messages.ts and limits.ts, which the API and the pages render; a translation is checked
 * against the params this shows.
 */
export function contractEnglishCatalog(): Record<string, string> {
  const params = new Proxy({}, { get: (_target, name) => placeholder(String(name)) });
  const rendered = Object.entries(PARAMETERISED_MESSAGES).map(([code, render]) => [code, (render as (values: object) => string)(params)]);
  return { ...MESSAGES, ...Object.fromEntries(rendered), ...contractLabelEntries() };
}
