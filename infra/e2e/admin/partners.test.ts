// A partner app's key through the admin panel: the dev admin issues it on the Partners tab (shown once), the partner
// calls /api/v1 with it and submits a business, which waits in 'Partner submissions' tagged with its name until the
// admin approves it; its calls show on the tab; once revoked, the key answers 401.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { e2e } from '../support/env';
import { expectToast, logInAsAdmin, openAdmin, tag } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const run = tag();
const partnerName = `E2E Wallet ${run}`;
const businessName = `E2E Partner Deli ${run}`;
let key = '';

/** A partner's server: its key, no cookie. */
const partnerCall = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, e2e.baseUrl), { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });

const partnerCard = (page: Page) => page.getByTestId('partner-key-card').filter({ hasText: partnerName });

test.describe('partner apps', () => {
  test('the admin issues a key on the Partners tab, shown once, and the partner calls with it', async ({ page }) => {
    await logInAsAdmin(page);
    await openAdmin(page);
    await page.getByRole('tab', { name: /^Partners \(\d+\)$/ }).click();
    await page.getByLabel('Partner name').fill(partnerName);
    await page.getByLabel('Calls a minute').fill('100');
    await page.getByRole('button', { name: 'Issue key' }).click();
    const shown = page.getByTestId('issued-key');
    await expect(shown).toContainText(`The key for ${partnerName}. Copy it now: it will not be shown again.`);
    key = (await shown.getByTestId('issued-key-value').textContent()) ?? '';
    expect(key).toMatch(/^zk_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);

    const status = await partnerCall('/api/v1/key');
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ partner_name: partnerName, requests_per_minute: 100, requests: 1 });
    expect((await partnerCall('/api/v1/changes?limit=1')).status).toBe(200);
  });

  test("a partner's submission waits in 'Partner submissions' with the partner's name, and is listed once approved", async ({ page }) => {
    const submitted = await partnerCall('/api/v1/submissions', {
      method: 'POST',
      body: JSON.stringify({ name: businessName, address: '4 Market Row', city: 'Bristol', postcode: 'BS1 1AA', category: 'Grocery' }),
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: number };

    await openAdmin(page);
    await page.getByRole('tab', { name: /^Partner submissions \(\d+\)$/ }).click();
    const card = page.locator(`[data-testid="submission-card"][data-submission-id="${id}"]`);
    await expect(card.getByTestId('submission-partner')).toHaveText(`From ${partnerName}`);
    await expect(card).toContainText(businessName);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Submission approved: the business is listed');

    const outcome = (await (await partnerCall(`/api/v1/submissions/${id}`)).json()) as { status: string; business_id: number };
    expect(outcome.status).toBe('approved');
    await page.goto(`/business/${outcome.business_id}`);
    await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  });

  test('the tab counts the calls; a revoked key answers 401', async ({ page }) => {
    await openAdmin(page);
    await page.getByRole('tab', { name: /^Partners \(\d+\)$/ }).click();
    await expect(partnerCard(page).getByTestId('partner-usage')).toHaveText('4 calls so far, at most 100 a minute');
    await partnerCard(page).getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Key revoked: it no longer works');
    await expect(partnerCard(page)).toContainText('Revoked');
    const refused = await partnerCall('/api/v1/changes');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toBe('Invalid or revoked API key');
  });
});
