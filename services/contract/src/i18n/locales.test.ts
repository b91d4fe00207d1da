import { describe, expect, it } from 'vitest';
import { MESSAGES, PARAMETERISED_MESSAGES } from '../messages';
import { catalogProblems } from './catalog-check';
import { LANGUAGE_CODES, type Language } from './languages';
import ar from './locales/ar.json';
import cy from './locales/cy.json';
import ur from './locales/ur.json';

const CATALOGS: Record<Exclude<Language, 'en'>, Record<string, unknown>> = { ar, ur, cy };
/** The messages whose params count something: their translations take CLDR plural forms of `count`. */
const COUNTED = new Set(['confirmedBy']);

/** English is messages.ts itself; as a catalog, its counted messages have English's plural forms. */
const english = Object.fromEntries(
  [...Object.entries(MESSAGES), ...Object.keys(PARAMETERISED_MESSAGES).map((code) => [code, code])].flatMap(([code, text]) =>
    COUNTED.has(code)
      ? [
          [`${code}_one`, text],
          [`${code}_other`, text],
        ]
      : [[code, text]],
  ),
);

describe('translations of the API messages (issue #15)', () => {
  it.each(LANGUAGE_CODES.filter((code) => code !== 'en') as Exclude<Language, 'en'>[])('%s has every code, with its plural forms', (language) => {
    expect(catalogProblems(english, CATALOGS[language], language)).toEqual([]);
  });

  it('interpolate the same params as English', () => {
    for (const [code, render] of Object.entries(PARAMETERISED_MESSAGES)) {
      const names = Object.keys(render.length ? sampleParams(code) : {});
      for (const [language, catalog] of Object.entries(CATALOGS)) {
        const forms = Object.entries(catalog).filter(([key]) => key === code || key.startsWith(`${code}_`));
        for (const [key, text] of forms) {
          const used = [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
          for (const name of used) expect(names, `${language} ${key}`).toContain(name);
        }
      }
    }
  });
});

function sampleParams(code: string): Record<string, unknown> {
  const samples: Record<string, Record<string, unknown>> = {
    socialLinkOffSite: { hosts: [] },
    businessDeleted: { name: '' },
    confirmDeleteBusiness: { name: '' },
    confirmApproveReport: { business: '' },
    businessesMerged: { from: '', into: '' },
    mergeInto: { into: '' },
    confirmMerge: { from: '', into: '' },
    tooManySources: { max: 0 },
    textTooLong: { field: '', max: 0 },
    mustBeJsonObject: { field: '' },
    archivedTitle: { title: '' },
    ownerConfirmed: { date: '' },
    confirmedBy: { count: 0 },
  };
  return samples[code]!;
}
