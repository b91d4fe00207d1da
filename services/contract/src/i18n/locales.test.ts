import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { CONTRACT_CATALOG_LOADERS } from './contract-catalogs';
import { contractEnglishCatalog } from './contract-english';
import ar from './locales/ar.json';
import cy from './locales/cy.json';
import ur from './locales/ur.json';

// Keys, ICU syntax, placeholders and plural forms: `npm run lint`'s catalog check (infra/i18n/check-catalogs.ts).
describe('translations of the API messages', () => {
  it('English is messages.ts, each parameterised message with its params as ICU placeholders', () => {
    const english = contractEnglishCatalog();
    expect(english.loginToVote).toBe(MESSAGES.loginToVote);
    expect(english.socialLinkOffSite).toBe('Link must be on {hosts}');
    expect(english.confirmMerge).toBe(
      'Merge "{from}" into "{into}"? Its votes, comments, suggestions, reports, sources, confirmations, verifications, photos and history move to "{into}", the brands it is an alternative to join those of "{into}", and its details and Palestinian products fill those "{into}" lacks. Ownership does not move: "{into}" keeps its owner, and "{from}"\'s owner and claims are dropped. "{from}" is removed.',
    );
  });

  it.each([
    ['ar', ar],
    ['ur', ur],
    ['cy', cy],
  ])('%s counts the members who confirmed in its own plural forms', (language, catalog) => {
    const [counted] = parse(catalog.confirmedBy);
    expect(counted?.type === 'plural' && counted.arg).toBe('count');
    if (counted?.type === 'plural')
      expect(counted.cases.map((option) => option.key).sort()).toEqual([...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort());
  });

  it('loads each language from its own file', async () => {
    expect(Object.keys(CONTRACT_CATALOG_LOADERS)).toEqual(['./locales/ar.json', './locales/ur.json', './locales/cy.json']);
    expect(await CONTRACT_CATALOG_LOADERS['./locales/ar.json']!()).toMatchObject({ loginToVote: ar.loginToVote });
  });
});
