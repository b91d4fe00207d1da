import { afterEach, describe, expect, it } from 'vitest';
import { openingLanguage, showLanguage } from './pageLanguage';

const sources = (search = '', cookies = '', browser: string[] = []) => ({ search, cookies, browser });

afterEach(() => showLanguage('en'));

describe('the language a page opens in', () => {
  it('follows ?lang= first, then the remembered choice, then the browser, then English', () => {
    expect(openingLanguage(sources('?lang=ar', 'zaytoon.lang=cy', ['ur']))).toBe('ar');
    expect(openingLanguage(sources('?lang=xx', 'zaytoon.lang=cy', ['ur']))).toBe('cy');
    expect(openingLanguage(sources('', 'zaytoon.lang=klingon', ['ur-PK', 'en-GB']))).toBe('ur');
    expect(openingLanguage(sources('', '', ['fr-FR', 'ar-EG']))).toBe('ar');
    expect(openingLanguage(sources('', '', ['fr-FR', 'de']))).toBe('en');
  });

  it('shows the language and its reading direction on <html>', () => {
    showLanguage('ur');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ur', 'rtl']);
    showLanguage('cy');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['cy', 'ltr']);
  });
});
