// First smoke test: the shell serves the landing page, and /browse renders the directory remote.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { firstBusinessRow } from './support/directory';

const browser = useBrowser();

describe('smoke', () => {
  it('shows the landing page', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByText('Find Pro-Palestinian Businesses').first().waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('renders the directory remote on /browse', async () => {
    const { page } = browser;
    await page.goto('/browse');
    await page.locator('[data-remote="directory"][data-same-react="true"]').waitFor();
    await page.getByText('Discover and support pro-Palestinian businesses across the UK').first().waitFor();
    await firstBusinessRow(page);
    expect(browser.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
