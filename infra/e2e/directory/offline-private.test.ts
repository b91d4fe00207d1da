// The service worker keeps only answers that are the same for every visitor, and signing out forgets
// what it kept. An admin reads a reported business (its reporters and report texts are in the admin's answer) on a
// shared machine and signs out; with the network down, the next person reads none of it, on screen or in Cache Storage.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, logInAsAdmin, newMember, report, tag, type CreatedBusiness, type Member } from '../admin/helpers';
import { waitForQuietNetwork } from '../support/browser';
import { expectToast, waitForPath } from './helpers';

const run = tag();
const REPORT_TEXT = `Seen boarded up on Tuesday ${run}`;
let reporter: Member;
let business: CreatedBusiness;

test.beforeAll(async () => {
  reporter = await newMember('reporter');
  business = await addBusiness(reporter, `Kept Apart Kitchen ${run}`);
  await report(reporter, business.id, 'Other', REPORT_TEXT);
});

// The front door's service worker runs here, in a browser profile on disk as an installed app's: it is what these
// tests are about.
test.use({ serviceWorkers: 'allow', persistent: true });
// The tests carry on from each other (the worker installed by the first, the admin's visit before the next visitor's).
test.describe.configure({ mode: 'serial' });

interface KeptEntry {
  cache: string;
  url: string;
  body: string;
}

/** Every entry of every cache of the worker, with its body as text. */
function keptEntries(page: Page): Promise<KeptEntry[]> {
  return page.evaluate(async () => {
    const kept: KeptEntry[] = [];
    for (const cache of await caches.keys()) {
      const store = await caches.open(cache);
      for (const request of await store.keys()) {
        const body = (await (await store.match(request))?.text()) ?? '';
        kept.push({ cache, url: new URL(request.url).pathname, body });
      }
    }
    return kept;
  });
}

const businessPath = () => `/api/businesses/${business.id}`;
const keptOf = (entries: KeptEntry[], path: string) => entries.filter((entry) => entry.url === path).map((entry) => entry.cache);
const mentioningTheReport = (entries: KeptEntry[]) =>
  entries.filter((entry) => entry.body.includes(REPORT_TEXT) || entry.body.includes(reporter.username)).map((entry) => `${entry.cache} ${entry.url}`);

async function openBusiness(page: Page): Promise<void> {
  await page.goto(`/business/${business.id}`);
  await expect(
    page.locator(`[data-testid="business-detail"][data-business-id="${business.id}"], [data-testid="business-unavailable"]`),
  ).toBeVisible();
}

test.describe("the service worker and a signed-in admin's answers", () => {
  test("keeps a visitor's answer, never the admin's, and forgets everything at sign-out; offline, the next visitor reads nothing of the admin's", async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    // A visitor's read is public: kept for offline use.
    await openBusiness(page);
    await waitForQuietNetwork(page);
    expect(keptOf(await keptEntries(page), businessPath())).toEqual(['zaytoon-public-answers']);

    // The admin's read carries the report: shown, never kept (the visitor's copy stays as it was).
    await logInAsAdmin(page);
    await openBusiness(page);
    await expect(page.getByTestId('recent-reports').filter({ hasText: REPORT_TEXT })).toBeVisible();
    expect(await page.getByTestId('recent-reports').innerText()).toContain(reporter.username);
    await waitForQuietNetwork(page);
    expect(mentioningTheReport(await keptEntries(page))).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Successfully logged out!', 'success');
    await waitForPath(page, '/');
    await waitForQuietNetwork(page);
    const afterLogout = await keptEntries(page);
    expect(keptOf(afterLogout, businessPath()), 'the visitor copy is forgotten too').toEqual([]);
    expect(keptOf(afterLogout, `/business/${business.id}`), 'and the pages read before').toEqual([]);

    await context.setOffline(true);
    try {
      await openBusiness(page);
      await expect(page.getByTestId('business-unavailable')).toBeVisible();
      const shown = await page.locator('body').innerText();
      expect(shown).not.toContain(REPORT_TEXT);
      expect(shown).not.toContain(reporter.username);
      expect(mentioningTheReport(await keptEntries(page))).toEqual([]);
    } finally {
      await context.setOffline(false);
    }

    // Back online, the next visitor's read is kept again, and offline it is what they see: without the report.
    await openBusiness(page);
    await waitForQuietNetwork(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.locator(`[data-testid="business-detail"][data-business-id="${business.id}"]`)).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      const shown = await page.locator('body').innerText();
      expect(shown).toContain(business.name);
      expect(shown).not.toContain(REPORT_TEXT);
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });
});
