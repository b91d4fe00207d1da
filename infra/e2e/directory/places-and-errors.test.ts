// Errors said honestly and places kept: with the API away the Map view says 'Could not load businesses' with Try
// again (as the Locations view does) and draws the map once the API is back; 'Back to Directory' on a business opened
// from the directory returns to the same filters, view and scroll position.
import type { Page, Route } from '@playwright/test';
import { FIRST_LOAD_MESSAGES } from '@zaytoon/contract';
import { expect, test } from '../support/test';
import { allBusinesses, directoryScreen, expectNoPageErrors, loggedOut } from './helpers';

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context }) => {
  await loggedOut(context);
});

test('the API stopped: the Map view says it could not load, and Try again draws it once the API is back', async ({ page, errors }) => {
  const stopped = (route: Route) => route.abort('connectionrefused');
  await page.route('**/api/**', stopped);
  await page.goto('/browse?view=map');
  await directoryScreen(page, 'directory');
  const mapView = page.getByTestId('map-view');
  const failed = mapView.getByTestId('directory-load-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('role', 'alert');
  expect(await failed.innerText()).toContain(FIRST_LOAD_MESSAGES.directoryLoadFailed);
  expect(await page.getByTestId('map-stats').count()).toBe(0);

  await page.unroute('**/api/**', stopped);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(mapView.getByTestId('stat-on-map')).toHaveText(/^\d+$/);
  await expect(mapView.getByTestId('map')).toBeVisible();
  await expect(page.getByTestId('business-count')).toHaveText(/businesses? found$/);
  expect(await failed.count()).toBe(0);
  expectNoPageErrors(errors);
});

/** The most common category, with how many businesses it has. */
async function busiestCategory(page: Page): Promise<{ category: string; count: number }> {
  const { rows } = await allBusinesses<{ category: string | null }>(page);
  const counts = new Map<string, number>();
  for (const { category } of rows) if (category) counts.set(category, (counts.get(category) ?? 0) + 1);
  const [category, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return { category, count };
}

const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });

test("'Back to Directory' from a business returns to the same filters, view and scroll position", async ({ page, errors }) => {
  await page.goto('/browse');
  await directoryScreen(page, 'directory');
  const { category, count } = await busiestCategory(page);
  expect(count).toBeGreaterThan(3);

  await page.getByLabel('Category', { exact: true }).selectOption(category);
  await expect(page.getByTestId('business-count')).toHaveText(`${count} businesses found`);
  const directoryUrl = page.url();
  expect(new URL(directoryUrl).searchParams.get('category')).toBe(category);

  // A row down the list, scrolled to.
  const rows = page.locator('[data-testid="business-row"]');
  await expect(rows.nth(Math.min(count, 4) - 1)).toBeVisible();
  const rowId = await rows.nth(Math.min(count, 4) - 1).getAttribute('data-business-id');
  const row = `[data-testid="business-row"][data-business-id="${rowId}"]`;
  await page.locator(row).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 120));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const scrolled = await page.evaluate(() => window.scrollY);

  await page.locator(row).getByRole('link', { name: 'View Details' }).click();
  await page.waitForURL((url) => url.pathname === `/business/${rowId}`);
  await expect(page.getByTestId('business-detail')).toBeVisible();
  await expect(page.getByTestId('back-to-directory')).toHaveAttribute('href', new URL(directoryUrl).pathname + new URL(directoryUrl).search);
  await page.getByTestId('back-to-directory').click();

  await directoryScreen(page, 'directory');
  expect(page.url()).toBe(directoryUrl);
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue(category);
  await expect(page.getByTestId('business-count')).toHaveText(`${count} businesses found`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await inViewport(page, row)).toBe(true);

  // Opened directly, the business's 'Back to Directory' is the plain directory.
  await page.goto(`/business/${rowId}`);
  await expect(page.getByTestId('business-detail')).toBeVisible();
  await expect(page.getByTestId('back-to-directory')).toHaveAttribute('href', '/dashboard');
  expectNoPageErrors(errors);
});
