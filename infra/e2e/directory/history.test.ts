// Done-when 2: the owner edits a business twice from 'Edit Business', an admin reverts the first
// edit from the History section of its page, and the History shows three revisions (edit, edit, revert). The business
// is added as the seeds add theirs (no 'create' revision, docs/decisions/0016-revision-history.md), so the three are exactly those.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import { database, newMember, tag, type Member } from '../admin/helpers';
import { admin, expectToast, logIn, openHistory, waitForPath } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const run = tag();
const ORIGINAL = { phone: '0113 496 0100', description: `A family bakery in Leeds (${run}).` };
const FIRST_EDIT = { phone: '0113 496 0101' };
const SECOND_EDIT = { phone: '0113 496 0102', description: `A family bakery and cafe in Leeds (${run}).` };

let db: pg.Pool;
let owner: Member;
let businessId: number;

test.beforeAll(async () => {
  db = database();
  owner = await newMember('history');
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('zaytoon.revision_kind', 'seed', true)");
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO businesses (owner_id, name, address, city, postcode, category, description, phone)
       VALUES ($1, $2, '3 Kirkgate', 'Leeds', 'LS1 6BH', 'Bakery', $3, $4) RETURNING id`,
      [owner.id, `History Bakery ${run}`, ORIGINAL.description, ORIGINAL.phone],
    );
    await client.query('COMMIT');
    businessId = rows[0].id;
  } finally {
    client.release();
  }
});

test.afterAll(async () => db?.end());

async function openDetail(page: Page) {
  await page.goto(`/business/${businessId}`);
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${businessId}"]`)).toBeVisible();
}

async function editFromPage(page: Page, changes: { phone: string; description?: string }) {
  await openDetail(page);
  await page.getByRole('link', { name: 'Edit Business' }).click();
  await waitForPath(page, `/edit-business/${businessId}`);
  await expect(page.locator('[data-testid="business-form"][data-mode="edit"]')).toBeVisible();
  await page.getByLabel('Phone').fill(changes.phone);
  if (changes.description) await page.getByLabel('Description').fill(changes.description);
  await page.getByRole('button', { name: 'Update Business' }).click();
  await expectToast(page, 'Business updated successfully!', 'success');
  await waitForPath(page, `/business/${businessId}`);
}

const shownRevisions = async (page: Page) =>
  (await openHistory(page)).evaluateAll((items) =>
    items.map((item) => ({
      kind: item.getAttribute('data-kind'),
      changes: [...item.querySelectorAll('[data-testid="revision-change"]')].map((change) => change.textContent),
    })),
  );

test.describe('public revision history', () => {
  test('the owner edits the business twice; the History section, collapsed until opened, lists both edits', async ({ page }) => {
    await logIn(page, owner.username, owner.password);
    await openDetail(page);
    await expect(page.getByTestId('history').getByRole('button', { name: 'History' })).toHaveAttribute('aria-expanded', 'false');
    expect(await page.getByTestId('revisions').count()).toBe(0);

    await editFromPage(page, FIRST_EDIT);
    await editFromPage(page, SECOND_EDIT);
    expect(await shownRevisions(page)).toEqual([
      {
        kind: 'edit',
        changes: [`Description ${ORIGINAL.description} → ${SECOND_EDIT.description}`, `Phone ${FIRST_EDIT.phone} → ${SECOND_EDIT.phone}`],
      },
      { kind: 'edit', changes: [`Phone ${ORIGINAL.phone} → ${FIRST_EDIT.phone}`] },
    ]);
    expect(await (await openHistory(page)).first().innerText()).toContain(`by ${owner.username}`);
    // Members do not revert.
    expect(await page.getByRole('button', { name: 'Revert to this version' }).count()).toBe(0);
  });

  test('an admin reverts to the first edit: its fields come back, and the History shows three revisions', async ({ page }) => {
    await page.context().clearCookies();
    await logIn(page, admin.login, admin.password);
    await openDetail(page);
    const revisions = await openHistory(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await revisions.nth(1).getByRole('button', { name: 'Revert to this version' }).click();
    await expectToast(page, 'Reverted to this version', 'success');

    // The page shows the business as it was right after the first edit.
    const detail = page.getByTestId('business-detail');
    await expect(detail.locator('a[href^="tel:"]', { hasText: FIRST_EDIT.phone })).toBeVisible();
    const about = await page.getByRole('region', { name: 'About' }).innerText();
    expect(about).toContain(ORIGINAL.description);
    expect(about).not.toContain(SECOND_EDIT.description);

    await expect(page.getByTestId('revision').nth(2)).toBeVisible();
    expect(await shownRevisions(page)).toEqual([
      {
        kind: 'revert',
        changes: [`Description ${SECOND_EDIT.description} → ${ORIGINAL.description}`, `Phone ${SECOND_EDIT.phone} → ${FIRST_EDIT.phone}`],
      },
      {
        kind: 'edit',
        changes: [`Description ${ORIGINAL.description} → ${SECOND_EDIT.description}`, `Phone ${FIRST_EDIT.phone} → ${SECOND_EDIT.phone}`],
      },
      { kind: 'edit', changes: [`Phone ${ORIGINAL.phone} → ${FIRST_EDIT.phone}`] },
    ]);
    expect(await page.getByTestId('revision').first().innerText()).toContain('by admin');

    // After a reload (nothing kept from before the revert), the same.
    await openDetail(page);
    expect((await shownRevisions(page)).map((revision) => revision.kind)).toEqual(['revert', 'edit', 'edit']);
    await expect(detail.locator('a[href^="tel:"]', { hasText: FIRST_EDIT.phone })).toBeVisible();
  });
});
