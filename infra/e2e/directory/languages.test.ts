// Issue #15: every language as a visitor sees it. Each page checked here opens in each language through `?lang=`,
// shows `<html lang dir>`, leaves no English word of the product on screen (business data aside), and mirrors in
// Arabic and Urdu; /browse, a business page, the form and the admin panel show none of the apps' English words nor the
// contract's (its messages and labels); the menu switches at once without a reload and is remembered; a first visit
// follows the browser's languages.
import { describe, expect, it } from 'vitest';
import { launchBrowser, useBrowser } from '../support/browser';
import { firstBusinessRow } from '../support/directory';
import { BUSINESS_DATA, englishWords, pageLanguage, productAndContractEnglish, shownTexts } from '../support/languages';
import { admin, logIn } from './helpers';

const browser = useBrowser();
const LANGUAGES = [
  { code: 'ar', dir: 'rtl', heading: 'اعثر على أعمال تجارية مناصرة لفلسطين' },
  { code: 'ur', dir: 'rtl', heading: 'فلسطین کے حامی کاروبار تلاش کریں' },
  { code: 'cy', dir: 'ltr', heading: "Dewch o Hyd i Fusnesau sy'n Cefnogi Palesteina" },
] as const;

describe('languages (issue #15)', () => {
  for (const language of LANGUAGES) {
    it(`the landing page in ${language.code}: lang and dir, no English left, and the layout ${language.dir === 'rtl' ? 'mirrored' : 'left to right'}`, async () => {
      const { page } = browser;
      await page.goto(`/?lang=${language.code}`);
      await page.getByRole('heading', { level: 1, name: language.heading }).waitFor();
      expect(await pageLanguage(page)).toEqual([language.code, language.dir]);

      const english = englishWords();
      expect((await shownTexts(page)).filter((text) => english.has(text))).toEqual([]);

      const logo = (await page.getByTestId('logo').boundingBox())!;
      const menu = (await page.getByTestId('language-menu').boundingBox())!;
      if (language.dir === 'rtl') expect(logo.x).toBeGreaterThan(menu.x);
      else expect(logo.x).toBeLessThan(menu.x);
    });
  }

  for (const language of LANGUAGES) {
    it(`in ${language.code}, /browse, a business page, the form and the admin panel show no English word of the apps or the contract`, async () => {
      // A context of its own: signed in (in English) as the admin, who sees every part of these pages.
      const { context, close } = await launchBrowser();
      const page = await context.newPage();
      await logIn(page, admin.login, admin.password);
      const english = productAndContractEnglish();
      const left: string[] = [];
      const lookAt = async (where: string) =>
        left.push(...(await shownTexts(page, BUSINESS_DATA)).filter((text) => english.has(text)).map((text) => `${where}: ${text}`));

      await page.goto(`/browse?lang=${language.code}`);
      const id = await (await firstBusinessRow(page)).getAttribute('data-business-id');
      expect(await pageLanguage(page)).toEqual([language.code, language.dir]);
      await lookAt('/browse');

      await page.goto(`/business/${id}`);
      await page.getByTestId('business-detail').waitFor();
      await page.getByTestId('member-confirmations').waitFor();
      await lookAt('business page');

      await page.goto('/add-business');
      await page.getByTestId('business-form').waitFor();
      await lookAt('the form');

      await page.goto('/admin');
      await page.locator('[data-testid="admin-stats"][data-loaded="true"]').waitFor();
      await page.getByTestId('report-card').first().waitFor();
      await lookAt('admin panel');
      await close();

      expect(left).toEqual([]);
    });
  }

  it('the menu switches language at once, without a reload, and the choice is remembered', async () => {
    const { page } = browser;
    await page.goto('/?lang=ar');
    await page.getByRole('heading', { level: 1, name: LANGUAGES[0].heading }).waitFor();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('cy');
    await page.getByRole('heading', { level: 1, name: LANGUAGES[2].heading }).waitFor();
    expect(await pageLanguage(page)).toEqual(['cy', 'ltr']);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: LANGUAGES[2].heading }).waitFor();
    expect(await pageLanguage(page)).toEqual(['cy', 'ltr']);
  });

  it("a first visit follows the browser's languages", async () => {
    const { context, close } = await launchBrowser({ locale: 'ur-PK' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: LANGUAGES[1].heading }).waitFor();
      expect(await pageLanguage(page)).toEqual(['ur', 'rtl']);
    } finally {
      await close();
    }
  });
});
