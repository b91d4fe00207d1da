// The directory's and the admin's pages in Arabic, Urdu and Welsh. Each opens through
// `?lang=`, shows `<html lang dir>`, leaves no English message of the product on screen (business data aside), and in
// Arabic and Urdu mirrors on /browse, the form, a business page and the admin panel: the top bar's brand on the right,
// inputs' text aligned right. /browse counts businesses with
// Arabic's six plural forms, on businesses this file adds.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { contextOptions, expect, openContext, test } from '../support/test';
import { waitForQuietNetwork } from '../support/browser';
import { BUSINESS_DATA, pageLanguage, productAndContractEnglish, shownTexts } from '../support/languages';
import { database } from '../admin/helpers';
import { admin, directoryScreen, logIn, newUser, signUp } from './helpers';

const LANGUAGES = [
  { code: 'ar', dir: 'rtl' },
  { code: 'ur', dir: 'rtl' },
  { code: 'cy', dir: 'ltr' },
] as const;
type PageLanguage = (typeof LANGUAGES)[number];

/** Arabic's six forms, in a translator's words (the directory's catalog gives them). */
const ARABIC_COUNTS = [
  [0, 'لم يُعثر على أي عمل تجاري'],
  [1, 'عُثر على عمل تجاري واحد'],
  [2, 'عُثر على عملين تجاريين'],
  [5, 'عُثر على 5 أعمال تجارية'],
  [11, 'عُثر على 11 عملًا تجاريًا'],
  [100, 'عُثر على 100 عمل تجاري'],
] as const;
/** One word of its own per count, so that a search finds that group alone. */
const countTags = new Map(ARABIC_COUNTS.map(([count]) => [count, `plural${randomBytes(6).toString('hex')}`]));

const ENGLISH = productAndContractEnglish();

async function expectLanguage(page: Page, language: PageLanguage): Promise<void> {
  expect(await pageLanguage(page)).toEqual([language.code, language.dir]);
  expect((await shownTexts(page, BUSINESS_DATA)).filter((text) => ENGLISH.has(text))).toEqual([]);
}

/**
 * In a right-to-left page the brand sits in the right half of the page and a text input starts on the right. Halves,
 * not the language menu: with an admin's longer nav the menu wraps to a line of its own, under the brand.
 */
async function expectMirrored(page: Page, language: PageLanguage, brand: Locator, input: Locator): Promise<void> {
  const brandBox = (await brand.boundingBox())!;
  const middle = (await page.evaluate(() => document.documentElement.clientWidth)) / 2;
  const alignment = await input.evaluate((element) => {
    const style = getComputedStyle(element);
    return { direction: style.direction, textAlign: style.textAlign };
  });
  if (language.dir === 'rtl') {
    expect(brandBox.x).toBeGreaterThan(middle);
    expect(alignment.direction).toBe('rtl');
    expect(['start', 'right']).toContain(alignment.textAlign);
  } else {
    expect(brandBox.x + brandBox.width).toBeLessThan(middle);
    expect(alignment.direction).toBe('ltr');
  }
}

/** The helpers sign up and log in with SPEC's English labels: the URL chooses English, and the shell remembers it. */
async function backToEnglish(page: Page): Promise<void> {
  await page.goto('/?lang=en');
  await page.waitForFunction(() => document.cookie.split('; ').includes('zaytoon.lang=en'));
}

let businessId = 0;

test.beforeAll(async () => {
  const db = database();
  try {
    for (const [count, tag] of countTags) {
      if (count === 0) continue;
      const client = await db.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT set_config('zaytoon.revision_kind', 'seed', true)");
        await client.query(
          `INSERT INTO businesses (name, address, city, postcode, category, description)
           SELECT 'Plural ' || $1 || ' ' || i, i || ' Kirkgate', 'Leeds', 'LS1 6BH', 'Bakery', 'Added by the language browser tests.'
             FROM generate_series(1, $2::int) AS i`,
          [tag, count],
        );
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }
    const { rows } = await db.query<{ id: number }>("SELECT id FROM businesses WHERE name = 'Plural ' || $1 || ' 1'", [countTags.get(1)]);
    businessId = rows[0].id;
  } finally {
    await db.end();
  }
});

test.describe('the directory and the admin panel in each language', () => {
  // One page for the whole walk through the languages.
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await openContext(browser, contextOptions());
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  for (const language of LANGUAGES) {
    test(`/browse and a business page in ${language.code}`, async () => {
      await page.goto(`/browse?lang=${language.code}`);
      await directoryScreen(page, 'directory');
      await expect(page.getByTestId('city-group').first()).toBeVisible();
      await expectLanguage(page, language);
      const nav = page.getByTestId('directory-nav');
      await expectMirrored(page, language, nav.getByRole('link').first(), page.getByRole('searchbox'));

      await page.goto(`/business/${businessId}?lang=${language.code}`);
      await expect(page.getByRole('heading', { level: 1, name: `Plural ${countTags.get(1)} 1` })).toBeVisible();
      await expect(page.getByTestId('action-row')).toBeVisible();
      await waitForQuietNetwork(page);
      await expectLanguage(page, language);
    });
  }

  test('/browse counts businesses with the Arabic plural forms', async () => {
    for (const [count, expected] of ARABIC_COUNTS) {
      await page.goto(`/browse?lang=ar&search=${countTags.get(count)}`);
      await expect(page.getByTestId('business-count').filter({ hasText: expected })).toBeVisible();
      expect(await page.getByTestId('business-count').innerText()).toBe(expected);
    }
  });

  test('the business form in each language, for a member', async () => {
    await backToEnglish(page);
    await signUp(page, newUser('languages'));
    for (const language of LANGUAGES) {
      await page.goto(`/add-business?lang=${language.code}`);
      const form = page.locator('[data-testid="business-form"][data-mode="add"]');
      await expect(form).toBeVisible();
      await waitForQuietNetwork(page);
      await expectLanguage(page, language);
      await expectMirrored(page, language, page.getByTestId('directory-nav').getByRole('link').first(), form.getByRole('textbox').first());
    }
  });

  test('the admin panel in each language, and for the admin the business page and the panel mirror', async () => {
    await page.context().clearCookies();
    await backToEnglish(page);
    await logIn(page, admin.login, admin.password);
    for (const language of LANGUAGES) {
      await page.goto(`/admin?lang=${language.code}`);
      await expect(page.locator('[data-testid="admin-stats"][data-loaded="true"]')).toBeVisible();
      await waitForQuietNetwork(page);
      await expectLanguage(page, language);

      // The panel's top bar starts with its way back; its verify dialog has the panel's inputs.
      await page.goto(`/admin?verify=${businessId}&lang=${language.code}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectMirrored(page, language, page.getByTestId('admin-panel').getByRole('link').first(), dialog.getByRole('combobox'));

      // Signed in, the business page has the comment box.
      await page.goto(`/business/${businessId}?lang=${language.code}`);
      const comment = page.getByTestId('comments').getByRole('textbox');
      await expect(comment).toBeVisible();
      await expectMirrored(page, language, page.getByTestId('directory-nav').getByRole('link').first(), comment);
    }
  });
});
