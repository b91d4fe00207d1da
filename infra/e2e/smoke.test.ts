// First smoke test: the shell serves the landing page, and /browse renders the directory remote.
import { expect, test } from './support/test';
import { firstBusinessRow } from './support/directory';
import { e2e } from './support/env';

test.describe('smoke', () => {
  test('shows the landing page, titled with the product name, without a page or console error', async ({ page, errors }) => {
    await page.goto('/');
    await expect(page.getByText('Find Pro-Palestinian Businesses').first()).toBeVisible();
    await expect(page).toHaveTitle(e2e.productName);
    expect(errors).toEqual([]);
  });

  test('renders the directory remote on /browse', async ({ page, errors }) => {
    await page.goto('/browse');
    await expect(page.locator('[data-remote="directory"][data-same-react="true"]')).toBeVisible();
    await expect(page.getByText('Discover and support pro-Palestinian businesses across the UK').first()).toBeVisible();
    await firstBusinessRow(page);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
