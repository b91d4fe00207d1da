// A business named in Arabic script, with its name in English letters, added through the form
// and found on /browse by either name, and by the Arabic one spelt another way.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { directoryScreen, eventually, exact, expectNoPageErrors, expectToast, loggedOut, newUser, cityRows, signUp, waitForPath } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const owner = newUser('arabic');
const tag = randomBytes(4).toString('hex');
// The run's tag in Arabic letters, so the name is this run's alone.
const arabicTag = [...tag].map((digit) => 'ابتثجحخدذرزسشصضط'[parseInt(digit, 16)]).join('');
const place = { name: `مقهى ${arabicTag}`, nameLatin: `Maqha ${tag}`, address: '3 Kirkgate', city: 'Bradford', postcode: 'BD1 1QA' };
let businessId = 0;

async function searchBrowse(page: Page, search: string): Promise<void> {
  await eventually(async () => {
    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    await page.getByPlaceholder('Search businesses...').fill(search);
    await expect(page.getByTestId('business-count').filter({ hasText: exact('1 businesses found') })).toBeVisible({ timeout: 5000 });
  });
  expect(await cityRows(page, place.city)).toEqual([businessId]);
  const heading = page.getByTestId('business-row').getByRole('heading', { level: 3 });
  expect(await heading.innerText()).toBe(place.name);
  await expect(heading).toHaveAttribute('dir', 'auto');
}

test.describe('directory: a business named in Arabic script', () => {
  test('is added with its name in English letters, and its page shows both', async ({ page, context, errors }) => {
    await loggedOut(context);
    await signUp(page, owner);
    await page.goto('/add-business');
    await waitForPath(page, '/add-business');
    await expect(page.locator('[data-testid="business-form"][data-mode="add"]')).toBeVisible();
    await page.getByLabel(/Business Name/).fill(place.name);
    await page.getByLabel('Name in English letters').fill(place.nameLatin);
    await page.getByLabel(/Street Address/).fill(place.address);
    await page.getByLabel(/^City/).fill(place.city);
    await page.getByLabel(/^Postcode/).fill(place.postcode);
    await page.getByRole('button', { name: 'Add Business', exact: true }).click();

    await expectToast(page, 'Business added successfully!', 'success');
    await page.waitForURL(/\/business\/\d+$/);
    businessId = Number(new URL(page.url()).pathname.split('/').pop());
    const heading = page.getByRole('heading', { level: 1, name: place.name });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveAttribute('dir', 'auto');
    expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await page.getByTestId('business-name-latin').innerText()).toBe(place.nameLatin);
    expectNoPageErrors(errors);
  });

  test('is found on /browse by its Arabic name, a word of it, another spelling, and its English letters', async ({ page, errors }) => {
    await searchBrowse(page, place.name);
    await searchBrowse(page, arabicTag);
    // Alef maqsura typed as ya, with a fatha: the same word.
    await searchBrowse(page, `مَقهي ${arabicTag}`);
    await searchBrowse(page, place.nameLatin.toLowerCase());
    expectNoPageErrors(errors);
  });
});
