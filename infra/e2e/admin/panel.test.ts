// The admin panel through the shell: the dev admin signs in, opens /admin, approves a
// report (the business leaves the directory within 5 s: the worker's cascade deletes it), rejects
// a suggestion, approves another (the business shows the new value) and deletes a reported
// business. Every effect shows at once and is still right after a reload.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import {
  addBusiness,
  cardInTab,
  database,
  eventually,
  expectToast,
  logInAsAdmin,
  newMember,
  openAdmin,
  report,
  statNumbers,
  suggest,
  tab,
  tabCount,
  tag,
  type CreatedBusiness,
  type Member,
} from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

let member: Member;
let doomed: CreatedBusiness; // reported, the report is approved
let edited: CreatedBusiness; // two suggestions: one rejected, one approved
let deleted: CreatedBusiness; // four reports, deleted from the Businesses tab
let db: pg.Pool;
const run = tag();
const ids: Record<string, number> = {};

test.beforeAll(async () => {
  db = database();
  member = await newMember('panel');
  doomed = await addBusiness(member, `Doomed Deli ${run}`);
  edited = await addBusiness(member, `Edited Eatery ${run}`, { description: 'Old description.' });
  deleted = await addBusiness(member, `Deleted Diner ${run}`);
  ids.report = (await report(member, doomed.id, 'Does not support Palestine', `They removed the sign ${run}`)).id;
  // One pending report per member and business: each of the four comes from another member.
  for (const [n, reason] of ['Inaccurate information', 'Spam or duplicate', 'Other', 'Business closed/moved'].entries()) {
    await report(await newMember(`reporter${n}`), deleted.id, reason, `${reason} ${run}`);
  }
  ids.phone = (await suggest(member, edited.id, 'phone', '0113 496 0000', `phone ${run}`)).id;
  ids.description = (await suggest(member, edited.id, 'description', `Fresh description ${run}`, `better ${run}`)).id;
});

test.afterAll(async () => {
  await db?.end();
});

const reportCard = (page: Page, id: number) => page.locator(`[data-testid="report-card"][data-report-id="${id}"]`);
const suggestionCard = (page: Page, id: number) => page.locator(`[data-testid="suggestion-card"][data-suggestion-id="${id}"]`);
const reportedSelector = (businessId: number) => `[data-testid="reported-business-card"][data-business-id="${businessId}"]`;
const reportedCard = (page: Page, businessId: number) => page.locator(reportedSelector(businessId));

test.describe('admin panel through the shell', () => {
  test('the dev admin signs in and sees real statistics and the three queues', async ({ page }) => {
    await logInAsAdmin(page);
    await page
      .getByRole('button', { name: 'Admin Panel' })
      .or(page.getByRole('link', { name: 'Admin Panel' }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect(page.locator('[data-testid="admin-root"][data-same-react="true"]')).toBeVisible();
    await expect(page.locator('[data-testid="admin-stats"][data-loaded="true"]')).toBeVisible();

    // GET /api/admin/statistics answers (no more 501) and the row shows its numbers
    const api = await page.evaluate(async () => {
      const response = await fetch('/api/admin/statistics', { credentials: 'include' });
      return { status: response.status, body: await response.json() };
    });
    expect(api.status).toBe(200);
    const shown = await statNumbers(page);
    expect(shown.users).toBe(api.body.users.total);
    expect(shown.businesses).toBe(api.body.businesses.total);
    expect(shown.users).toBeGreaterThan(1);
    const users = await page.getByTestId('stat-users').innerText();
    expect(users).toContain('Total Registered Users');
    expect(users).toMatch(/\d+ admins?, \d+ regular/);
    expect(users).toMatch(/\+\d+ in last 7 days/);
    expect(await page.getByTestId('stat-businesses').innerText()).toMatch(/\d+ verified, \d+ unverified/);
    expect(await page.getByTestId('stat-pending').innerText()).toMatch(/Pending Reviews\s+\d+\s+\d+ reports?, \d+ suggestions?/);

    expect(await tabCount(page, 'Reports')).toBeGreaterThanOrEqual(5);
    expect(await tabCount(page, 'Suggestions')).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: 'Admin Instructions' })).toBeVisible();
    expect(await page.getByTestId('admin-version').innerText()).toMatch(/^Admin panel v\d+\.\d+\.\d+/);

    // The remote's CSS Modules and the kit's tokens reach the shell's page (another origin) through its JS.
    const styles = await page.evaluate(() => {
      const number = document.querySelector('[data-testid="stat-users"] p')!;
      const card = document.querySelector('[data-testid="stat-users"]')!;
      const tab = document.querySelector('[role="tab"][aria-selected="true"]')!;
      return {
        numberWeight: getComputedStyle(number).fontWeight,
        cardBorder: getComputedStyle(card).borderTopStyle,
        tabColour: getComputedStyle(tab).color,
      };
    });
    expect(styles).toEqual({ numberWeight: '800', cardBorder: 'solid', tabColour: 'rgb(20, 83, 45)' });
  });

  test('a report card shows SPEC §2 details', async ({ page }) => {
    await openAdmin(page);
    const card = reportCard(page, ids.report);
    await expect(card).toBeVisible();
    const text = await card.innerText();
    expect(text).toContain('Does not support Palestine');
    expect(text).toContain(`Business ID: ${doomed.id} (${doomed.name})`);
    expect(text).toContain(`They removed the sign ${run}`);
    expect(text).toContain(`Reported by: ${member.username} (ID: ${member.id})`);
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-GB'));
    expect(text).toContain(today);
    expect(text).toMatch(/\b\d{2}\/\d{2}\/\d{4}\b/);
    const view = card.getByRole('link', { name: 'View Business' });
    await expect(view).toHaveAttribute('href', `/business/${doomed.id}`);
    await expect(view).toHaveAttribute('target', '_blank');
  });

  test('approving a report asks first, removes the card at once, and the business leaves the directory', async ({ page }) => {
    await openAdmin(page);
    await expect(reportCard(page, ids.report)).toBeVisible();
    const before = { tab: await tabCount(page, 'Reports'), stats: await statNumbers(page) };

    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await reportCard(page, ids.report).getByRole('button', { name: 'Approve & Remove Business' }).click();
    await expectToast(page, 'Report approved and business removed');
    expect(asked).toBe(`Approve this report and remove "${doomed.name}"? This action cannot be undone.`);
    expect(await reportCard(page, ids.report).count()).toBe(0);
    expect(await tabCount(page, 'Reports')).toBe(before.tab - 1);
    expect((await statNumbers(page)).pendingReports).toBe(before.stats.pendingReports - 1);

    // the worker's cascade deletes the business row; every public answer forgets it
    await eventually(async () => {
      const { rowCount } = await db.query('SELECT 1 FROM businesses WHERE id = $1', [doomed.id]);
      expect(rowCount).toBe(0);
    }, 30_000);
    const detail = await page.evaluate(async (id) => (await fetch(`/api/businesses/${id}`)).status, doomed.id);
    expect(detail).toBe(404);

    // and the directory no longer lists it
    await page.goto('/browse');
    await page.getByPlaceholder('Search businesses...').fill(doomed.name);
    await expect(page.getByTestId('business-count').filter({ hasText: /^0 businesses found$/ })).toBeVisible();
    expect(await page.locator(`[data-testid="business-row"][data-business-id="${doomed.id}"]`).count()).toBe(0);

    // still gone after a reload of the panel, and the statistics agree once the worker refreshed them
    await openAdmin(page);
    expect(await reportCard(page, ids.report).count()).toBe(0);
    await eventually(
      async () => {
        await page.reload();
        await expect(page.locator('[data-testid="admin-stats"][data-loaded="true"]')).toBeVisible();
        expect((await statNumbers(page)).businesses).toBe(before.stats.businesses - 1);
      },
      15_000,
      500,
    );
  });

  test('rejects one suggestion and approves another; the business shows the approved value', async ({ page }) => {
    await openAdmin(page);
    await tab(page, 'Suggestions').click();
    const phone = suggestionCard(page, ids.phone);
    await expect(phone).toBeVisible();
    const phoneText = await phone.innerText();
    expect(phoneText).toContain('Phone');
    expect(phoneText).toContain('Add Missing');
    expect(phoneText).toContain(edited.name);
    expect(phoneText).toContain('0113 496 0000');
    expect(phoneText).toContain(`phone ${run}`);
    expect(phoneText).toContain(`Suggested by: ${member.username}`);
    const description = suggestionCard(page, ids.description);
    const descriptionText = await description.innerText();
    expect(descriptionText).toContain('Description');
    expect(descriptionText).toContain('Edit Existing');
    expect(descriptionText).toContain('Old description.');
    expect(descriptionText).toContain(`Fresh description ${run}`);

    const count = await tabCount(page, 'Suggestions');
    const pending = (await statNumbers(page)).pendingSuggestions;
    await phone.getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'Suggestion rejected');
    expect(await phone.count()).toBe(0);
    expect(await tabCount(page, 'Suggestions')).toBe(count - 1);
    expect((await statNumbers(page)).pendingSuggestions).toBe(pending - 1);

    await description.getByRole('button', { name: 'Approve & Update' }).click();
    await expectToast(page, 'Suggestion approved and business updated');
    expect(await description.count()).toBe(0);
    expect(await tabCount(page, 'Suggestions')).toBe(count - 2);

    // stays right after a reload
    await openAdmin(page);
    await tab(page, 'Suggestions').click();
    expect(await suggestionCard(page, ids.phone).count()).toBe(0);
    expect(await suggestionCard(page, ids.description).count()).toBe(0);

    await page.goto(`/business/${edited.id}`);
    await expect(page.getByTestId('business-detail')).toBeVisible();
    await expect(page.getByText(`Fresh description ${run}`).first()).toBeVisible();
    expect(await page.getByTestId('business-detail').innerText()).not.toContain('0113 496 0000');
  });

  test('deletes a reported business after the confirmation', async ({ page, errors }) => {
    await openAdmin(page);
    // The queue is read a page at a time: 'Load more' until the card shows.
    const card = await cardInTab(page, /^Businesses \(\d+\)$/, 'businesses-queue', reportedSelector(deleted.id));
    await expect(card).toBeVisible();
    const text = await card.innerText();
    expect(text).toContain('4 reports');
    expect(text).toContain(deleted.name);
    expect(text).toContain('Cafe');
    expect(text).toContain('12 Olive Grove, Leeds LS1 4AP');
    await expect(card.getByTestId('latest-report')).toHaveCount(3);
    expect(text).toContain('And 1 more reports...');
    await expect(card.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/business/${deleted.id}`);

    const reports = await tabCount(page, 'Reports');
    const businesses = await tabCount(page, 'Businesses');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Delete Business' }).click();
    await expectToast(page, `Business "${deleted.name}" deleted successfully`);
    expect(asked).toBe(`Are you sure you want to delete "${deleted.name}"? This action cannot be undone.`);
    expect(await card.count()).toBe(0);
    expect(await tabCount(page, 'Businesses')).toBe(businesses - 1);
    expect(await tabCount(page, 'Reports')).toBe(reports - 4);

    await openAdmin(page);
    await tab(page, 'Businesses').click();
    expect(await reportedCard(page, deleted.id).count()).toBe(0);
    expect(await page.evaluate(async (id) => (await fetch(`/api/businesses/${id}`)).status, deleted.id)).toBe(404);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  test("each queue tab counts the whole queue; the first page shows and 'Load more' reads the rest", async ({ page }) => {
    // 25 pending reports about one business, written straight into the database (one per member otherwise).
    const crowded = await addBusiness(member, `Crowded Cafe ${run}`);
    await db.query(
      `INSERT INTO reports (business_id, reason, description, created_at)
       SELECT $1, 'Other', 'crowd ' || n || ' ${run}', now() - n * interval '1 second' FROM generate_series(1, 25) n`,
      [crowded.id],
    );
    const pending = async () =>
      Number(
        (
          await db.query(`SELECT count(*) FROM reports r WHERE r.status = 'pending'
             AND NOT EXISTS (SELECT 1 FROM reports a WHERE a.business_id = r.business_id AND a.status = 'approved')`)
        ).rows[0].count,
      );
    await openAdmin(page);
    await expect(page.locator('[data-testid="reports-queue"][data-loading="false"]')).toBeVisible();
    expect(await tabCount(page, 'Reports')).toBe(await pending());
    const cards = page.getByTestId('report-card');
    await expect(cards).toHaveCount(20);
    const more = page.getByRole('button', { name: 'Load more' });
    while ((await more.count()) > 0) {
      // The next page is in once the cards grow: the button's going and the new cards come in the same render.
      const before = await cards.count();
      await more.click();
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(before);
    }
    const shown = await cards.evaluateAll((all) => all.map((card) => Number(card.getAttribute('data-report-id'))));
    expect(shown).toHaveLength(await pending());
    expect(new Set(shown).size).toBe(shown.length);
    expect(await tabCount(page, 'Reports')).toBe(shown.length);
    await db.query(`UPDATE reports SET status = 'rejected' WHERE business_id = $1`, [crowded.id]);
  });
});
