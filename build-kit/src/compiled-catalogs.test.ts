import { describe, expect, it } from 'vitest';
import { compiledCatalogs } from './compiled-catalogs.ts';

type Message = string | ((values: object) => string);

/** What the page gets for a catalog file: the plugin's module, run (its runtime imports pointed at the installed package). */
async function bundledCatalog(file: string, messages: Record<string, unknown>): Promise<Record<string, Message>> {
  const transform = compiledCatalogs().transform as (code: string, id: string) => { code: string; moduleType: string };
  const { code, moduleType } = transform(JSON.stringify(messages), `/app/src/i18n/locales/${file}`);
  expect(moduleType).toBe('js');
  expect(code, "the language's plural rule is the module's own, not the runtime's table of every language's").not.toContain('lib/cardinals');
  const runnable = code.replace(/from "(@messageformat\/runtime[^"]*)"/g, (_, name: string) => `from "${import.meta.resolve(name)}"`);
  return (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(runnable)}`)).default;
}

const fill = (message: Message, values: object) => (typeof message === 'string' ? message : message(values));

describe('compiled catalogs', () => {
  it('keeps a message with nothing to fill in as its text, and leaves the review notes out', async () => {
    const catalog = await bundledCatalog('cy.json', { _meta: { reviewed: [] }, 'nav.back': "Yn ôl i'r dudalen", quoted: "dangos ''{managed}''" });
    expect(catalog['nav.back']).toBe("Yn ôl i'r dudalen");
    expect(catalog).not.toHaveProperty('_meta');
    expect(fill(catalog.quoted, { managed: 'Rheoledig' })).toBe("dangos 'Rheoledig'");
  });

  it("gives a plural its catalog's language's forms: Arabic's six, from the file name", async () => {
    const arabic = await bundledCatalog('ar.json', {
      count: '{count, plural, zero {صفر} one {واحد} two {اثنان} few {# قليل} many {# كثير} other {# آخر}}',
    });
    const digits = new Intl.NumberFormat('ar');
    expect([0, 1, 2, 5, 11, 100].map((count) => fill(arabic.count, { count }))).toEqual([
      'صفر',
      'واحد',
      'اثنان',
      `${digits.format(5)} قليل`,
      `${digits.format(11)} كثير`,
      `${digits.format(100)} آخر`,
    ]);
    const english = await bundledCatalog('en.screens.json', { count: '{count, plural, one {# business} other {# businesses}}' });
    expect([0, 1, 2].map((count) => fill(english.count, { count }))).toEqual(['0 businesses', '1 business', '2 businesses']);
  });
});
