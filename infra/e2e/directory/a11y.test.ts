// Issue #5 point 10: every directory screen works 360 px wide (no horizontal scroll), every input
// has a label, and dialogs close on Escape, trap focus and give it back to the opener.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { e2e } from '../support/env';
import { apiFetch, directoryScreen, horizontalOverflow, loggedOut, newUser, signUp } from './helpers';

// The tests of this file carry on from each other (one browser context: the member signed up stays signed in).
test.describe.configure({ mode: 'serial' });

const user = newUser('a11y');
let businessId = 0;

/** Visible form controls without an accessible name (label, aria-label or aria-labelledby). */
async function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('input, select, textarea')];
    return controls
      .filter((el) => (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => el.offsetParent !== null || (el as HTMLInputElement).type === 'file')
      .filter((el) => {
        const labels = (el as HTMLInputElement).labels;
        const hasLabel = labels ? [...labels].some((label) => label.textContent?.trim()) : false;
        const labelledBy = el
          .getAttribute('aria-labelledby')
          ?.split(/\s+/)
          .some((id) => document.getElementById(id)?.textContent?.trim());
        return !hasLabel && !el.getAttribute('aria-label')?.trim() && !labelledBy;
      })
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

/** Wider-than-viewport elements, to explain a failure. */
async function widest(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`);
  });
}

async function expectFits(page: Page, what: string): Promise<void> {
  const overflow = await horizontalOverflow(page);
  expect(overflow, `${what} scrolls sideways at 360 px: ${(await widest(page)).join(' | ')}`).toBeLessThanOrEqual(0);
  expect(await unlabelled(page), `${what} has inputs without labels`).toEqual([]);
}

test.describe('directory at 360 px: no horizontal scroll, labelled inputs', () => {
  test('visitor screens: landing, sign in, sign up, forgot password, directory, map, detail', async ({ page, context }) => {
    await loggedOut(context);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByTestId('landing-page').waitFor();
    await expectFits(page, 'landing');

    await page.goto('/login');
    await page.getByTestId('auth-screen').waitFor();
    await expectFits(page, 'sign in');
    await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
    await expectFits(page, 'sign up');

    await page.goto('/forgot-password');
    await page.getByTestId('forgot-password').waitFor();
    await expectFits(page, 'forgot password');

    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    // the first city's business rows are measured too
    await page.getByTestId('business-row').first().waitFor();
    await expectFits(page, 'directory (locations, with rows)');
    await page.getByPlaceholder('Search businesses...').fill('London');
    await page.getByTestId('chip-search').waitFor();
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByTestId('chip-category').waitFor();
    await expectFits(page, 'directory (locations, with chips)');
    // the city filter by keyboard (issue #30): type to narrow, arrow keys, Enter
    const city = page.getByRole('combobox', { name: 'City' });
    await city.pressSequentially('Lond');
    await page.getByRole('listbox', { name: 'City' }).getByRole('option', { name: 'London', exact: true }).waitFor();
    await expectFits(page, 'directory (city list open)');
    await city.press('ArrowDown');
    await city.press('ArrowDown');
    expect(await page.getByRole('listbox', { name: 'City' }).getByRole('option', { selected: true }).innerText()).toBe('London');
    await city.press('Enter');
    expect((await page.getByTestId('chip-city').innerText()).replace(/\s+/g, ' ').trim()).toBe('City: London ×');
    expect(await city.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Map View' }).click();
    await page.getByTestId('map').waitFor();
    await expectFits(page, 'directory (map)');

    const rows = await apiFetch<Array<{ id: number; website: string; description: string }>>(page, '/api/businesses');
    const rich = rows.body.find((row) => row.website && row.description.length > 100) ?? rows.body[0];
    businessId = rich.id;
    await page.goto(`/business/${businessId}`);
    await page.getByTestId('business-detail').waitFor();
    await page.getByTestId('comments').waitFor();
    await expectFits(page, 'business detail (visitor)');
  });

  test('member screens: directory, detail, add business, account settings, change password', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUp(page, user);
    await expectFits(page, 'directory (member)');

    await page.goto(`/business/${businessId}`);
    await page.getByRole('button', { name: 'Suggest Edit' }).waitFor();
    await expectFits(page, 'business detail (member)');

    await page.getByRole('button', { name: 'Suggest Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest Edit' });
    await dialog.getByLabel('Field to update').selectOption('business_hours');
    await expectFits(page, 'suggest edit dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Report Business' }).click();
    await page.getByRole('dialog', { name: 'Report Business' }).waitFor();
    await expectFits(page, 'report dialog');
    await page.keyboard.press('Escape');

    await page.goto('/add-business');
    await page.getByTestId('business-form').waitFor();
    await expectFits(page, 'add business');

    await page.goto('/account-settings');
    await page.getByTestId('account-settings').waitFor();
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await expectFits(page, 'account settings');

    await page.goto('/change-password');
    await page.getByTestId('change-password').waitFor();
    await expectFits(page, 'change password');
  });
});

test.describe('directory dialogs: Escape, focus trap, focus back to the opener', () => {
  for (const name of ['Suggest Edit', 'Report Business']) {
    test(`'${name}' dialog`, async ({ page }) => {
      await page.goto(`/business/${businessId}`);
      const opener = page.getByRole('button', { name });
      await opener.click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
      expect(await focusInside()).toBe(true);

      // Tab and Shift+Tab cycle inside the dialog.
      const stops = await dialog.evaluate((el) => el.querySelectorAll('a[href], button:not(:disabled), input, select, textarea').length);
      for (let i = 0; i < stops + 2; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(), `Tab ${i + 1} left the dialog`).toBe(true);
      }
      for (let i = 0; i < stops + 2; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(), `Shift+Tab ${i + 1} left the dialog`).toBe(true);
      }

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

      // The close button and Cancel close it too.
      await opener.click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await opener.click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  }
});

test.describe('page titles and focus on navigation (issue #12, point 7)', () => {
  const focusedHeading = (page: Page) =>
    page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent?.trim() : null));
  const titled = (page: Page, title: string) => page.waitForFunction((expected) => document.title === expected, title);

  test('each page names itself in the title; focus moves to the main heading on navigation, not on the first load', async ({ page, context }) => {
    await loggedOut(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    await page.getByTestId('city-group').first().waitFor();
    await titled(page, `Browse · ${e2e.productName}`);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByTestId('auth-screen').waitFor();
    await titled(page, `Sign In · ${e2e.productName}`);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focusedHeading(page)).toBe('Sign In');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByTestId('landing-page').waitFor();
    await titled(page, e2e.productName);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focusedHeading(page)).toBe('Find Pro-Palestinian Businesses');

    await page.getByRole('link', { name: 'Explore Businesses' }).first().click();
    await directoryScreen(page, 'directory');
    const row = page.getByTestId('business-row').first();
    await row.waitFor();
    const name = (await row.getByRole('heading').innerText()).trim();
    await row.getByRole('link', { name: 'View Details' }).click();
    await page.getByTestId('business-detail').waitFor();
    await titled(page, `${name} · ${e2e.productName}`);
    await page.waitForFunction((expected) => document.activeElement?.textContent?.trim() === expected, name);
    expect(await focusedHeading(page)).toBe(name);
  });

  test('a page opened directly: the title, and focus left alone', async ({ page }) => {
    await page.goto(`/business/${businessId}`);
    await page.getByTestId('business-detail').waitFor();
    const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await titled(page, `${name} · ${e2e.productName}`);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.goto('/nowhere');
    await titled(page, `Page not found · ${e2e.productName}`);
  });
});
