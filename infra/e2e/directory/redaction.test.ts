// Done-when 4 of the brigading and doxxing work: an admin redacts a revision from the History section of a business's
// page, and its text is gone from the History, which reads 'Removed by an admin: <reason>' in its place. The business
// is added as the seeds add theirs (no 'create' revision), then its owner's two edits are written as the app writes them.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import { database, newMember, tag, type Member } from '../admin/helpers';
import { admin, expectToast, logIn, openHistory } from './helpers';

const run = tag();
const HOME = `Flat 4, 27 Quiet Close (${run})`;
const SHOP = `5 Market Row (${run})`;
const REASON = "The owner's home address";

let db: pg.Pool;
let owner: Member;
let businessId: number;

async function asOwner(sql: string, params: unknown[]) {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('zaytoon.revision_kind', 'edit', true), set_config('zaytoon.actor_id', $1, true)", [String(owner.id)]);
    await client.query(sql, params);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

test.beforeAll(async () => {
  db = database();
  owner = await newMember('redaction');
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('zaytoon.revision_kind', 'seed', true)");
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO businesses (owner_id, name, address, city, postcode, category, description)
       VALUES ($1, $2, '3 Kirkgate', 'Leeds', 'LS1 6BH', 'Bakery', 'A family bakery in Leeds.') RETURNING id`,
      [owner.id, `Redaction Bakery ${run}`],
    );
    await client.query('COMMIT');
    businessId = rows[0].id;
  } finally {
    client.release();
  }
  await asOwner('UPDATE businesses SET address = $2 WHERE id = $1', [businessId, HOME]);
  await asOwner('UPDATE businesses SET address = $2 WHERE id = $1', [businessId, SHOP]);
});

test.afterAll(async () => db?.end());

async function openDetail(page: Page) {
  await page.goto(`/business/${businessId}`);
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${businessId}"]`)).toBeVisible();
}

test('an admin redacts a revision: its text is gone from History, which reads the reason in its place', async ({ page }) => {
  await logIn(page, admin.login, admin.password);
  await openDetail(page);
  const revisions = await openHistory(page);
  await expect(revisions).toHaveCount(2);
  await expect(page.getByTestId('revisions')).toContainText(HOME);

  // 'Redact' sits beside 'Revert to this version' and asks for the reason in a dialog.
  const homeEdit = revisions.nth(1);
  await expect(homeEdit.getByRole('button', { name: 'Revert to this version' })).toBeVisible();
  await homeEdit.getByRole('button', { name: 'Redact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redact this version' });
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Redact' }).click();
  await expectToast(page, 'Removed from the history', 'success');
  await expect(dialog).toHaveCount(0);

  await expect(homeEdit.getByTestId('revision-redacted')).toHaveText(`Removed by an admin: ${REASON}`);
  await expect(homeEdit.getByRole('button', { name: 'Redact' })).toHaveCount(0);
  await expect(page.getByTestId('revisions')).not.toContainText(HOME);
  // The later edit replaced the home address: its before is removed too, its after stays.
  await expect(revisions.first().getByTestId('revision-change')).toHaveText(`Address removed by an admin → ${SHOP}`);

  // A visitor, from a fresh page load, reads the same: nothing kept from before the redaction.
  await page.context().clearCookies();
  await openDetail(page);
  const shown = await openHistory(page);
  await expect(shown.nth(1).getByTestId('revision-redacted')).toHaveText(`Removed by an admin: ${REASON}`);
  await expect(page.getByTestId('revisions')).not.toContainText(HOME);
  await expect(page.getByRole('button', { name: 'Redact' })).toHaveCount(0);
});
