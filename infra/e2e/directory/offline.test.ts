// An installable app that keeps working offline. The front door's service worker (shell/service-worker)
// controls the page after a first visit; offline (Chromium's network emulation, which also cuts the worker's own
// fetches), /browse opens from what it kept, with the banner, and an action that needs the API says so. A slow API is
// waited for: the worker answers from what it kept only when the network fails, so a visitor online never reads 'Offline'.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { THEME_COLOUR } from '@zaytoon/shell/runtime-config';
import { waitForQuietNetwork } from '../support/browser';
import { cityCards } from '../support/directory';
import { e2e } from '../support/env';
import { directoryScreen, expectToast } from './helpers';

const OFFLINE_BANNER = 'Offline: showing saved results';
const NEEDS_CONNECTION = 'You are offline: this needs a connection.';

// The front door's service worker runs here, in a browser profile on disk as an installed app's: it is what these
// tests are about.
test.use({ serviceWorkers: 'allow', persistent: true });
// The tests carry on from each other (the worker installed by the first, the admin's visit before the next visitor's).
test.describe.configure({ mode: 'serial' });

/** The worker controls the page once it has installed (its build's files kept) and claimed it. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

async function browseList(page: Page) {
  await directoryScreen(page, 'directory');
  await expect(page.getByTestId('city-group').first()).toBeVisible();
  return { count: await page.getByTestId('business-count').innerText(), cities: await cityCards(page) };
}

test.describe('installable, offline-tolerant app', () => {
  test("the manifest names the app after PRODUCT_NAME, in the design tokens' colour, and Chromium finds nothing missing to install it", async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.goto('/');
    await controlledByServiceWorker(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(href ?? '')).json();
    expect(manifest).toMatchObject({
      name: e2e.productName,
      short_name: e2e.productName,
      start_url: '/browse',
      display: 'standalone',
      theme_color: THEME_COLOUR,
    });
    for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
      const answer = await page.request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type'], icon.src).toBe(icon.type);
    }
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await page.close();
  });

  test('offline, the worker opens /browse with the last businesses and the banner; signing in says it needs a connection', async ({ context }) => {
    const page = await context.newPage();
    await page.goto('/login');
    await controlledByServiceWorker(page);
    // Under the worker: the sign-in screen's files are kept for later.
    await page.reload();
    await expect(page.getByTestId('auth-screen')).toBeVisible();
    await page.goto('/browse');
    const online = await browseList(page);
    await waitForQuietNetwork(page);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    await context.setOffline(true);
    try {
      const served: string[] = [];
      page.on('response', (response) => {
        if (response.fromServiceWorker()) served.push(new URL(response.url()).pathname);
      });
      await page.reload();
      expect(await browseList(page)).toEqual(online);
      const banner = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
      await expect(banner).toBeVisible();
      expect(served).toEqual(expect.arrayContaining(['/browse', '/runtime-config.json', '/api/businesses/summary', '/api/businesses/by-city']));

      // The worker's own fetches are offline too: an answer it never kept fails, a kept one says it is a saved answer.
      const [kept, neverKept] = await page.evaluate(async () => {
        const url = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/businesses/summary'))?.name ?? '';
        const keptAnswer = await fetch(url);
        const other = await fetch('/api/businesses/summary?search=never-asked-before').then(
          (answer) => answer.status,
          () => 'failed',
        );
        return [keptAnswer.headers.get('X-Zaytoon-Saved-Answer'), other];
      });
      expect(kept).toBe('1');
      expect(neverKept).toBe('failed');

      await page.locator('a[href="/login"]').first().click();
      await expect(page.getByTestId('auth-screen')).toBeVisible();
      await page.getByLabel('Email or Username').fill('someone');
      await page.getByLabel('Password').fill('any-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectToast(page, NEEDS_CONNECTION, 'error');
    } finally {
      await context.setOffline(false);
    }
    await page.goto('/browse');
    await browseList(page);
    await waitForQuietNetwork(page);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    await page.close();
  });

  test("a slow API (answers delayed 6 s) is waited for: the network's answers, never the 'Offline' banner", async ({ context }) => {
    const page = await context.newPage();
    await page.goto('/browse');
    await controlledByServiceWorker(page);
    const online = await browseList(page);
    await waitForQuietNetwork(page);

    // Whether the banner shows at any moment of the next visit.
    await page.addInitScript(() => {
      const look = () => {
        if (document.querySelector('[data-testid="offline-banner"]')) (window as unknown as { offlineBannerSeen: boolean }).offlineBannerSeen = true;
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // The worker's own requests to the API, held back: the server answers, but late.
    const delayed: string[] = [];
    const slow = async (route: Route) => {
      delayed.push(new URL(route.request().url()).pathname);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await route.continue().catch(() => undefined);
    };
    await context.route('**/api/businesses/**', slow);
    try {
      const fromNetwork: string[] = [];
      page.on('response', (response) => {
        if (!response.headers()['x-zaytoon-saved-answer']) fromNetwork.push(new URL(response.url()).pathname);
      });
      await page.reload();
      expect(await browseList(page)).toEqual(online);
      expect(delayed).toEqual(expect.arrayContaining(['/api/businesses/summary']));
      expect(fromNetwork).toEqual(expect.arrayContaining(['/api/businesses/summary', '/api/businesses/by-city']));
      await waitForQuietNetwork(page);
      expect(await page.getByTestId('offline-banner').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { offlineBannerSeen?: boolean }).offlineBannerSeen ?? false)).toBe(false);
    } finally {
      await context.unroute('**/api/businesses/**', slow);
    }
    await page.close();
  });
});
