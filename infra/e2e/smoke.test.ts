// First smoke test: the shell serves the landing page, and /browse renders the directory remote.
import { expect, test } from './support/test';
import { firstBusinessRow } from './support/directory';

// The tests of this file carry on from each other (one browser context: the member signed up stays signed in).
test.describe.configure({ mode: 'serial' });

test.describe('smoke', () => {
  test('shows the landing page', async ({ page }) => {
    await page.goto('/');
    await page.getByText('Find Pro-Palestinian Businesses').first().waitFor();
    expect(await page.title()).toBeTruthy();
  });

  test('renders the directory remote on /browse', async ({ page, errors }) => {
    await page.goto('/browse');
    await page.locator('[data-remote="directory"][data-same-react="true"]').waitFor();
    await page.getByText('Discover and support pro-Palestinian businesses across the UK').first().waitFor();
    await firstBusinessRow(page);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
