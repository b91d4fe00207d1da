// Through the shell: a member saves alerts from /browse ('Email me new businesses like these'),
// sees them in words in account settings and deletes one there; the daily job (run by the stack's worker) mails the
// other, and the mail's 'Stop this alert' link, opened signed out, ends it. A forged link ends nothing.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import { createQueueConnection, JobQueueRepository } from '@zaytoon/core';
import { addBusiness, database, eventually, expectToast, logIn, newMember, tag, type Member } from '../admin/helpers';
import { e2e } from '../support/env';

import { confirmMailedAddress } from '../support/email-confirmation';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const run = tag();
const city = `Alertbury ${run}`;
const search = `halloumi ${run}`;
let db: pg.Pool;
let member: Member;
let lister: Member;
let queueConnection: ReturnType<typeof createQueueConnection> | undefined;
let jobs: JobQueueRepository | undefined;

test.beforeAll(async ({ mailbox }) => {
  db = database();
  member = await newMember('alerts');
  // Alerts need a confirmed address.
  await confirmMailedAddress(mailbox, member.email);
  lister = await newMember('alert-lister');
  await addBusiness(lister, `First Figs ${run}`, { city });
});

test.afterAll(async () => {
  await db?.end();
  await jobs?.close();
  queueConnection?.disconnect();
});

async function saveAlertOn(page: Page, query: string) {
  await page.goto(`/browse?${query}`);
  await expect(page.getByTestId('business-count').filter({ hasText: /found/ })).toBeVisible();
  await page.getByRole('button', { name: 'Email me new businesses like these' }).click();
  await expectToast(page, 'Alert saved: we will email you new businesses like these');
}

const alertRows = (page: Page) => page.getByTestId('alerts-section').getByTestId('alert-row');

test.describe('alerts from /browse', () => {
  test('a visitor sees no alert button; a member saves the city and the search of the list', async ({ page }) => {
    await page.goto(`/browse?city=${encodeURIComponent(city)}`);
    await expect(page.getByTestId('business-count').filter({ hasText: /found/ })).toBeVisible();
    expect(await page.getByTestId('save-alert').count()).toBe(0);

    await logIn(page, member.username, member.password);
    await saveAlertOn(page, new URLSearchParams({ city }).toString());
    await saveAlertOn(page, new URLSearchParams({ search }).toString());
    const { rows } = await db.query('SELECT city, category, search FROM alerts WHERE user_id = $1 ORDER BY id', [member.id]);
    expect(rows).toEqual([
      { city, category: null, search: null },
      { city: null, category: null, search },
    ]);
  });

  test('account settings list the alerts in words, and Delete removes one', async ({ page }) => {
    await page.goto('/account-settings');
    await expect(alertRows(page).nth(1)).toBeVisible();
    expect(await alertRows(page).locator('span').allInnerTexts()).toEqual([`In ${city}`, `Matching "${search}"`]);

    await page.getByRole('button', { name: `Delete the alert: Matching "${search}"` }).click();
    await expectToast(page, 'Alert deleted');
    await expect.poll(() => alertRows(page).count(), { timeout: 15_000 }).toBe(1);
    const { rows } = await db.query('SELECT city FROM alerts WHERE user_id = $1', [member.id]);
    expect(rows).toEqual([{ city }]);
  });

  test("the alert's mail lists the new business; its 'Stop this alert' link, opened signed out, ends the alert", async ({ page, mailbox }) => {
    await addBusiness(lister, `New Nigella ${run}`, { city });
    queueConnection = createQueueConnection(e2e.redisUrl, 'producer');
    jobs = new JobQueueRepository(queueConnection);
    await jobs.enqueue('sendAlertMails', {});

    const mail = await mailbox.waitFor(member.email, { subject: /for your alerts$/, timeoutMs: 30_000 });
    expect(mail.text).toContain(`New Nigella ${run} · ${city}`);
    expect(mail.text).not.toContain(`First Figs ${run}`);
    const stop = new URL(/^Stop this alert: (\S+)$/m.exec(mail.text)![1]);
    expect(stop.pathname).toBe('/unsubscribe-alert');

    await page.context().clearCookies();
    const token = stop.searchParams.get('token')!;
    const [ids, signature] = token.split('.');
    const forged = `${ids}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await page.goto(`/unsubscribe-alert?token=${forged}`);
    expect(await page.getByTestId('alert-not-ended').innerText()).toContain('This unsubscribe link is not valid');

    await page.goto(stop.pathname + stop.search);
    expect(await page.getByTestId('alert-ended').innerText()).toContain('You will get no more emails for this alert');
    await eventually(async () => {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM alerts WHERE user_id = $1', [member.id]);
      expect(rows[0].n).toBe(0);
    });

    await logIn(page, member.username, member.password);
    await page.goto('/account-settings');
    await expect(page.getByTestId('no-alerts')).toBeVisible();
  });

  test("with 'Palestinian products' on, /browse still offers the alert, and account settings name the product type", async ({ page }) => {
    await saveAlertOn(page, new URLSearchParams({ city, palestinian_product: 'olive-oil' }).toString());
    const { rows } = await db.query('SELECT city, alternative_to, palestinian_product FROM alerts WHERE user_id = $1', [member.id]);
    expect(rows).toEqual([{ city, alternative_to: null, palestinian_product: 'olive-oil' }]);
    await page.goto('/account-settings');
    await expect(alertRows(page)).toHaveCount(1);
    expect(await alertRows(page).locator('span').allInnerTexts()).toEqual([`In ${city} · Palestinian products: Olive oil`]);
  });
});
