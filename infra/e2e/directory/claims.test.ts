// Done-when 3, through the shell: a member claims a business ('I own this business'), the admin
// approves the claim in the Claims tab, the reminder job (run by the stack's worker, the approval moved 6 months
// back in SQL) mails the owner, and the mail's link, opened from the dev mailbox in a signed-out browser, records
// 'Everything is still accurate' on the business's page when the owner clicks its button (never when the page opens).
// The link then works no more.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import { createQueueConnection, JobQueueRepository } from '@zaytoon/core';
import {
  addBusiness,
  cardInTab,
  database,
  eventually,
  expectToast,
  logIn,
  logInAsAdmin,
  newMember,
  tag,
  type CreatedBusiness,
  type Member,
} from '../admin/helpers';
import { waitForQuietNetwork } from '../support/browser';
import { e2e } from '../support/env';

import { confirmMailedAddress } from '../support/email-confirmation';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const run = tag();
let db: pg.Pool;
let lister: Member;
let claimant: Member;
let business: CreatedBusiness;
let queueConnection: ReturnType<typeof createQueueConnection> | undefined;
let jobs: JobQueueRepository | undefined;

test.beforeAll(async ({ mailbox }) => {
  db = database();
  lister = await newMember('lister');
  claimant = await newMember('owner');
  // Owners' reminders go only to a confirmed address.
  await confirmMailedAddress(mailbox, claimant.email);
  business = await addBusiness(lister, `Owner's Olive Oil ${run}`);
});

test.afterAll(async () => {
  await db?.end();
  await jobs?.close();
  queueConnection?.disconnect();
});

async function openBusiness(page: Page, id: number) {
  await page.goto(`/business/${id}`);
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${id}"]`)).toBeVisible();
}

const claimCard = (page: Page) => cardInTab(page, /^Claims \(\d+\)$/, 'claims', `[data-testid="claim-card"][data-business-id="${business.id}"]`);

test.describe('owner claims and freshness reminders', () => {
  test("a member claims the business with 'I own this business'", async ({ page }) => {
    await logIn(page, claimant.username, claimant.password);
    await openBusiness(page, business.id);
    await page.getByRole('button', { name: 'I own this business' }).click();
    const dialog = page.getByRole('dialog', { name: 'I own this business' });
    await dialog.getByLabel('How can you prove you own it?').fill(`I pressed the oil myself; the invoices are in my name ${run}`);
    await dialog.getByRole('button', { name: 'Submit Claim' }).click();
    await expectToast(page, 'Thank you: an admin will review your claim');
    await expect(dialog).not.toBeAttached();
    expect(await page.getByTestId('managed-by-owner').count()).toBe(0);
  });

  test("the admin approves it in the Claims tab, and the page shows 'Managed by its owner'", async ({ page }) => {
    await page.context().clearCookies();
    await logInAsAdmin(page);
    await page.goto('/admin');
    const card = await claimCard(page);
    const text = await card.innerText();
    expect(text).toContain(`${claimant.username} (${claimant.email})`);
    expect(text).toContain(`the invoices are in my name ${run}`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Claim approved: the member now manages the business');
    await expect(card).not.toBeAttached();

    await openBusiness(page, business.id);
    expect(await page.getByTestId('managed-by-owner').innerText()).toContain('Managed by its owner');
    const { rows } = await db.query('SELECT owner_id FROM businesses WHERE id = $1', [business.id]);
    expect(rows[0].owner_id).toBe(claimant.id);
  });

  test('six months on, the reminder job mails the owner; the mailed link, opened signed out, records the confirmation once', async ({
    page,
    mailbox,
  }) => {
    await db.query(`UPDATE businesses SET owner_claimed_at = now() - interval '6 months 1 day' WHERE id = $1`, [business.id]);
    queueConnection = createQueueConnection(e2e.redisUrl, 'producer');
    jobs = new JobQueueRepository(queueConnection);
    await jobs.enqueue('sendFreshnessReminders', {});

    const mail = await mailbox.waitFor(claimant.email, { subject: /still accurate/, timeoutMs: 30_000 });
    expect(mail.subject).toBe(`Is "${business.name}" still accurate on ${e2e.productName}?`);
    const link = /Everything is still accurate: (\S+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();
    const url = new URL(link!);
    expect(url.origin).toBe(new URL(e2e.baseUrl).origin);
    expect(url.pathname).toBe('/confirm-listing');
    expect(mail.text).toContain(`Edit the listing: ${e2e.baseUrl.replace(/\/$/, '')}/edit-business/${business.id}`);

    // Opening the link, scripts and all (as a mail scanner may), confirms nothing; the owner's click does.
    await page.context().clearCookies();
    await page.goto(url.pathname + url.search);
    await expect(page.getByTestId('listing-confirm-question')).toBeVisible();
    await waitForQuietNetwork(page);
    const confirmed = () => db.query('SELECT user_id FROM owner_confirmations WHERE business_id = $1', [business.id]);
    expect((await confirmed()).rows).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('listing-confirm-question')).toBeVisible();
    await waitForQuietNetwork(page);
    expect((await confirmed()).rows).toEqual([]);
    await page.getByRole('button', { name: 'Everything is still accurate' }).click();
    expect(await page.getByTestId('listing-confirmed').innerText()).toContain('Thank you — the listing is confirmed as accurate');
    expect((await confirmed()).rows).toEqual([{ user_id: claimant.id }]);

    const month = new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await eventually(async () => {
      await openBusiness(page, business.id);
      expect(await page.getByTestId('owner-confirmed-line').innerText()).toBe(`Confirmed accurate by its owner · ${month}`);
    });

    // Single use: the same link again says so, and records nothing more.
    await page.goto(url.pathname + url.search);
    await page.getByRole('button', { name: 'Everything is still accurate' }).click();
    expect(await page.getByTestId('listing-not-confirmed').innerText()).toContain('This link has already been used');
    expect((await db.query('SELECT count(*)::int AS n FROM owner_confirmations WHERE business_id = $1', [business.id])).rows[0].n).toBe(1);
  });
});
