// Every directory screen works 360 px wide (no horizontal scroll), every input
// has a label, and dialogs close on Escape, trap focus and give it back to the opener.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { e2e } from '../support/env';
import { apiFetch, directoryScreen, horizontalOverflow, loggedOut, newUser, signUp } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
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
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await expectFits(page, 'landing');

    await page.goto('/login');
    await expect(page.getByTestId('auth-screen')).toBeVisible();
    await expectFits(page, 'sign in');
    await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
    await expectFits(page, 'sign up');

    await page.goto('/forgot-password');
    await expect(page.getByTestId('forgot-password')).toBeVisible();
    await expectFits(page, 'forgot password');

    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    // the first city's business rows are measured too
    await expect(page.getByTestId('business-row').first()).toBeVisible();
    await expectFits(page, 'directory (locations, with rows)');
    await page.getByPlaceholder('Search businesses...').fill('London');
    await expect(page.getByTestId('chip-search')).toBeVisible();
    await page.getByLabel('Category').selectOption({ index: 1 });
    await expect(page.getByTestId('chip-category')).toBeVisible();
    await expectFits(page, 'directory (locations, with chips)');
    // the city filter by keyboard: type to narrow, arrow keys, Enter
    const city = page.getByRole('combobox', { name: 'City' });
    await city.pressSequentially('Lond');
    await expect(page.getByRole('listbox', { name: 'City' }).getByRole('option', { name: 'London', exact: true })).toBeVisible();
    await expectFits(page, 'directory (city list open)');
    await city.press('ArrowDown');
    await city.press('ArrowDown');
    expect(await page.getByRole('listbox', { name: 'City' }).getByRole('option', { selected: true }).innerText()).toBe('London');
    await city.press('Enter');
    expect((await page.getByTestId('chip-city').innerText()).replace(/\s+/g, ' ').trim()).toBe('City: London ×');
    await expect(city).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Map View' }).click();
    await expect(page.getByTestId('map')).toBeVisible();
    await expectFits(page, 'directory (map)');

    const rows = await apiFetch<Array<{ id: number; website: string; description: string }>>(page, '/api/businesses');
    const rich = rows.body.find((row) => row.website && row.description.length > 100) ?? rows.body[0];
    businessId = rich.id;
    await page.goto(`/business/${businessId}`);
    await expect(page.getByTestId('business-detail')).toBeVisible();
    await expect(page.getByTestId('comments')).toBeVisible();
    await expectFits(page, 'business detail (visitor)');
  });

  test('member screens: directory, detail, add business, account settings, change password', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUp(page, user);
    await expectFits(page, 'directory (member)');

    await page.goto(`/business/${businessId}`);
    await expect(page.getByRole('button', { name: 'Suggest Edit' })).toBeVisible();
    await expectFits(page, 'business detail (member)');

    await page.getByRole('button', { name: 'Suggest Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest Edit' });
    await dialog.getByLabel('Field to update').selectOption('business_hours');
    await expectFits(page, 'suggest edit dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Report Business' }).click();
    await expect(page.getByRole('dialog', { name: 'Report Business' })).toBeVisible();
    await expectFits(page, 'report dialog');
    await page.keyboard.press('Escape');

    await page.goto('/add-business');
    await expect(page.getByTestId('business-form')).toBeVisible();
    await expectFits(page, 'add business');

    await page.goto('/account-settings');
    await expect(page.getByTestId('account-settings')).toBeVisible();
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await expectFits(page, 'account settings');

    await page.goto('/change-password');
    await expect(page.getByTestId('change-password')).toBeVisible();
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
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('aria-modal', 'true');
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
      await expect(dialog).not.toBeAttached();
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

      // The close button and Cancel close it too.
      await opener.click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).not.toBeAttached();
      await opener.click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).not.toBeAttached();
    });
  }
});

test.describe('page titles and focus on navigation', () => {
  const focusedHeading = (page: Page) =>
    page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent?.trim() : null));
  const titled = (page: Page, title: string) => expect(page).toHaveTitle(title);

  test('each page names itself in the title; focus moves to the main heading on navigation, not on the first load', async ({ page, context }) => {
    await loggedOut(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    await expect(page.getByTestId('city-group').first()).toBeVisible();
    await titled(page, `Browse · ${e2e.productName}`);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page.getByTestId('auth-screen')).toBeVisible();
    await titled(page, `Sign In · ${e2e.productName}`);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focusedHeading(page)).toBe('Sign In');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await titled(page, e2e.productName);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focusedHeading(page)).toBe('Find Pro-Palestinian Businesses');

    await page.getByRole('link', { name: 'Explore Businesses' }).first().click();
    await directoryScreen(page, 'directory');
    const row = page.getByTestId('business-row').first();
    await expect(row).toBeVisible();
    const name = (await row.getByRole('heading').innerText()).trim();
    await row.getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByTestId('business-detail')).toBeVisible();
    await titled(page, `${name} · ${e2e.productName}`);
    await page.waitForFunction((expected) => document.activeElement?.textContent?.trim() === expected, name);
    expect(await focusedHeading(page)).toBe(name);
  });

  test('a page opened directly: the title, and focus left alone', async ({ page }) => {
    await page.goto(`/business/${businessId}`);
    await expect(page.getByTestId('business-detail')).toBeVisible();
    const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await titled(page, `${name} · ${e2e.productName}`);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.goto('/nowhere');
    await titled(page, `Page not found · ${e2e.productName}`);
  });
});
