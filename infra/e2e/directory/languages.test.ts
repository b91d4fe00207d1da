// Every language as a visitor sees it. Each page checked here opens in each language through `?lang=`,
// shows `<html lang dir>`, leaves no English word of the product on screen (business data aside), and mirrors in
// Arabic and Urdu; /browse, a business page, the form and the admin panel show none of the apps' English words nor the
// contract's (its messages and labels); the menu switches at once without a reload and is remembered; a first visit
// follows the browser's languages. What the server writes in English is put in the page's words: a revision's author
// by role, a source or hours written out, the field a validation message names. (The admin's name for a business
// without one cannot be reached with real data, which refuses an empty name: mfe-admin's unit tests check it.)
import { expect, test } from '../support/test';
import { LIMITS, MESSAGES } from '@zaytoon/contract';
import { firstBusinessRow } from '../support/directory';
import { BUSINESS_DATA, englishWords, pageLanguage, productAndContractEnglish, shownTexts } from '../support/languages';
import { addBusiness, newMember, tag } from '../admin/helpers';
import { admin, apiFetch, logIn } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const LANGUAGES = [
  { code: 'ar', dir: 'rtl', heading: 'اعثر على أعمال تجارية مناصرة لفلسطين' },
  { code: 'ur', dir: 'rtl', heading: 'فلسطین کے حامی کاروبار تلاش کریں' },
  { code: 'cy', dir: 'ltr', heading: "Dewch o Hyd i Fusnesau sy'n Cefnogi Palesteina" },
] as const;

test.describe('languages', () => {
  for (const language of LANGUAGES) {
    test(`the landing page in ${language.code}: lang and dir, no English left, and the layout ${language.dir === 'rtl' ? 'mirrored' : 'left to right'}`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${language.code}`);
      await expect(page.getByRole('heading', { level: 1, name: language.heading })).toBeVisible();
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
    test(`in ${language.code}, /browse, a business page, the form and the admin panel show no English word of the apps or the contract`, async ({
      newContext,
    }) => {
      // A context of its own: signed in (in English) as the admin, who sees every part of these pages.
      const context = await newContext();
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
      await expect(page.getByTestId('business-detail')).toBeVisible();
      await expect(page.getByTestId('member-confirmations')).toBeVisible();
      await lookAt('business page');

      await page.goto('/add-business');
      await expect(page.getByTestId('business-form')).toBeVisible();
      await lookAt('the form');

      await page.goto('/admin');
      await expect(page.locator('[data-testid="admin-stats"][data-loaded="true"]')).toBeVisible();
      await expect(page.getByTestId('report-card').first()).toBeVisible();
      await lookAt('admin panel');
      await context.close();

      expect(left).toEqual([]);
    });
  }

  test("in Arabic, the server's English is put in the page's words: history's authors, a source and hours, a field's name", async ({
    newContext,
  }) => {
    const context = await newContext();
    const name = `Languages ${tag()}`;
    try {
      const leaving = await newMember('lang');
      const business = await addBusiness(leaving, name, {
        business_hours: { monday: '9-5' },
        sources: [{ kind: 'In-store sign', date: '2025-06-01', description: 'Sign in the window' }],
      });
      await leaving.http.write('/api/auth/delete-account');

      const page = await context.newPage();
      await logIn(page, admin.login, admin.password);
      const written = [
        await apiFetch(page, `/api/admin/businesses/${business.id}/verifications`, {
          method: 'POST',
          body: { method: 'Visited in person', date: '2026-03-14' },
        }),
        await apiFetch(page, `/api/businesses/${business.id}/suggestions`, {
          method: 'POST',
          body: { field_name: 'business_hours', suggested_value: JSON.stringify({ monday: '10-6', friday: '10-4' }) },
        }),
      ];
      expect(written.map((answer) => answer.status < 300)).toEqual([true, true]);

      await page.goto(`/business/${business.id}?lang=ar`);
      await expect(page.getByTestId('business-detail')).toBeVisible();
      const toggle = page.getByTestId('history').getByRole('button', { name: 'السجلّ' });
      await toggle.click();
      const authors = page.getByTestId('revision-author');
      await expect(authors.first()).toBeVisible();
      expect(await authors.evaluateAll((items) => items.map((item) => item.getAttribute('data-author')))).toEqual(['admin', 'former_member']);
      const authorTexts = await authors.allInnerTexts();
      expect(authorTexts).toEqual(['بواسطة مشرف', 'بواسطة عضو سابق']);
      expect(authorTexts.join(' ')).not.toContain(MESSAGES.revisionByAdmin);
      const recorded = await page.getByTestId('revision-change').allInnerTexts();
      expect(recorded.find((text) => text.includes('دعم فلسطين'))).toContain('لافتة في المتجر، 2025-06-01: Sign in the window');
      expect(recorded.find((text) => text.includes('ساعات العمل'))).toContain('الاثنين: 9-5');
      expect(recorded.join('\n')).not.toMatch(/In-store sign|monday/);
      const suggested = await page.getByTestId('pending-suggestions').innerText();
      expect(suggested).toContain('الاثنين: 10-6');
      expect(suggested).toContain('الجمعة: 10-4');
      expect(suggested).not.toMatch(/monday|friday/);
      expect((await shownTexts(page, BUSINESS_DATA)).filter((text) => productAndContractEnglish().has(text))).toEqual([]);

      // A name past its limit, as an old client could send it: the message names the field in Arabic.
      await page.goto('/add-business?lang=ar');
      const form = page.locator('[data-testid="business-form"][data-mode="add"]');
      await expect(form).toBeVisible();
      const nameInput = form.locator('[name="name"]');
      await nameInput.evaluate((input) => input.removeAttribute('maxlength'));
      await nameInput.fill('ن'.repeat(LIMITS.shortFieldMaxLength + 1));
      await form.locator('[name="address"]').fill('1 Kirkgate');
      await form.locator('[name="city"]').fill('Leeds');
      await form.locator('[name="postcode"]').fill('LS1 6BH');
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('[name="name"][aria-invalid="true"]')).toBeVisible();
      const errorId = (await nameInput.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'))!;
      const tooLong = await page.locator(`[id="${errorId}"]`).innerText();
      expect(tooLong).toContain('اسم النشاط التجاري');
      expect(tooLong).not.toContain('Business Name');
    } finally {
      await context.close();
    }
  });

  test('the menu switches language at once, without a reload, and the choice is remembered', async ({ page }) => {
    await page.goto('/?lang=ar');
    await expect(page.getByRole('heading', { level: 1, name: LANGUAGES[0].heading })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('cy');
    await expect(page.getByRole('heading', { level: 1, name: LANGUAGES[2].heading })).toBeVisible();
    expect(await pageLanguage(page)).toEqual(['cy', 'ltr']);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: LANGUAGES[2].heading })).toBeVisible();
    expect(await pageLanguage(page)).toEqual(['cy', 'ltr']);
  });

  test("a first visit follows the browser's languages", async ({ newContext }) => {
    const context = await newContext({ locale: 'ur-PK' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: LANGUAGES[1].heading })).toBeVisible();
      expect(await pageLanguage(page)).toEqual(['ur', 'rtl']);
    } finally {
      await context.close();
    }
  });
});
