// An admin weighs a report by its reporter's record: a member whose account is two days old has
// had four reports rejected by the admin in the panel; their next report shows 'Account 2 days
// old · 0 upheld · 4 rejected' on the Reports tab and under the business on the Businesses tab.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import {
  addBusiness,
  cardInTab,
  database,
  expectToast,
  logInAsAdmin,
  newMember,
  openAdmin,
  report,
  tag,
  type CreatedBusiness,
  type Member,
} from './helpers';

test.describe.configure({ mode: 'serial' });

const run = tag();
let db: pg.Pool;
let reporter: Member;
let rejectedReports: number[];
let listed: CreatedBusiness;
let latestReport: number;

test.beforeAll(async () => {
  db = database();
  const owner = await newMember('recowner');
  reporter = await newMember('reporter');
  await db.query("UPDATE users SET created_at = now() - interval '2 days 3 hours' WHERE id = $1", [reporter.id]);
  rejectedReports = [];
  for (let n = 0; n < 4; n++) {
    const business = await addBusiness(owner, `Falsely Reported ${n} ${run}`);
    rejectedReports.push((await report(reporter, business.id, 'Does not support Palestine', `false claim ${n} ${run}`)).id);
  }
  listed = await addBusiness(owner, `Reported Again ${run}`);
});

test.afterAll(async () => {
  await db?.end();
});

const reportCard = (page: Page, id: number) => page.locator(`[data-testid="report-card"][data-report-id="${id}"]`);

test.describe("the reporter's record", () => {
  test('the admin rejects four reports; the next one from the same member shows their record on the Reports tab', async ({ page }) => {
    await logInAsAdmin(page);
    await openAdmin(page);
    for (const id of rejectedReports) {
      const card = await cardInTab(page, /^Reports \(\d+\)$/, 'reports-queue', `[data-testid="report-card"][data-report-id="${id}"]`);
      await expect(card.getByTestId('reporter-record')).toHaveText(`Account 2 days old · 0 upheld · ${rejectedReports.indexOf(id)} rejected`);
      await card.getByRole('button', { name: 'Reject' }).click();
      await expectToast(page, 'Report rejected');
      await expect(reportCard(page, id)).toHaveCount(0);
    }

    latestReport = (await report(reporter, listed.id, 'Other', `again ${run}`)).id;
    await page.reload();
    const card = await cardInTab(page, /^Reports \(\d+\)$/, 'reports-queue', `[data-testid="report-card"][data-report-id="${latestReport}"]`);
    await expect(card).toContainText(`Reported by: ${reporter.username} (ID: ${reporter.id})`);
    await expect(card.getByTestId('reporter-record')).toHaveText('Account 2 days old · 0 upheld · 4 rejected');
  });

  test("the Businesses tab's latest reports show the same record", async ({ page }) => {
    await openAdmin(page);
    const card = await cardInTab(
      page,
      /^Businesses \(\d+\)$/,
      'businesses-queue',
      `[data-testid="reported-business-card"][data-business-id="${listed.id}"]`,
    );
    const latest = card.getByTestId('latest-report').filter({ hasText: `again ${run}` });
    await expect(latest).toContainText(`Reported by: ${reporter.username}`);
    await expect(latest.getByTestId('reporter-record')).toHaveText('Account 2 days old · 0 upheld · 4 rejected');
  });
});
