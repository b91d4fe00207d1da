// Issue #13, trust that stays true, through the shell: an admin verifies a business from its page ('Visited in
// person') and the badge shows; 13 months later (the dates moved in SQL) it reads 'Verification due' and is in
// Re-checks; three members answering 'Closed' put another business in Re-checks, with their answers.
import type { Page } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { addBusiness, database, expectToast, logIn, logInAsAdmin, newMember, tag, type CreatedBusiness, type Member } from './helpers';

const browser = useBrowser();
const run = tag();
let db: pg.Pool;
let owner: Member;
let verified: CreatedBusiness;
let closed: CreatedBusiness;

/** Accounts under 7 days old never send a business to Re-checks: these members are a month old. */
async function establishedMember(label: string): Promise<Member> {
  const member = await newMember(label);
  await db.query(`UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1`, [member.id]);
  return member;
}

async function openBusiness(page: Page, id: number) {
  await page.goto(`/business/${id}`);
  await page.locator(`[data-testid="business-detail"][data-business-id="${id}"]`).waitFor();
}

/** The Re-checks tab's card of a business (the tab loads more pages until it is there, or has none left). */
async function recheckCard(page: Page, businessId: number) {
  await page.getByRole('tab', { name: /^Re-checks \(\d+\)$/ }).click();
  const card = page.locator(`[data-testid="recheck-card"][data-business-id="${businessId}"]`);
  const more = page.getByRole('button', { name: 'Load more' });
  for (;;) {
    await page.locator('[data-testid="rechecks"][data-loading="false"]').waitFor();
    if ((await card.count()) > 0 || (await more.count()) === 0) return card;
    await more.click();
  }
}

beforeAll(async () => {
  db = database();
  owner = await newMember('trust');
  verified = await addBusiness(owner, `Verified Vegan ${run}`);
  closed = await addBusiness(owner, `Closed Cafe ${run}`);
});

afterAll(async () => {
  await db?.end();
});

describe('trust that stays true (issue #13)', () => {
  it("an admin verifies a business 'Visited in person' from its page, and the badge shows", async () => {
    const { page } = browser;
    await logInAsAdmin(page);
    await openBusiness(page, verified.id);
    expect(await page.getByTestId('verified').count()).toBe(0);
    await page.getByRole('link', { name: 'Verify Business' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    const dialog = page.getByRole('dialog', { name: `Verify ${verified.name}` });
    await dialog.getByLabel('Method').selectOption('Visited in person');
    await dialog.getByLabel('Note').fill(`Visited on a Saturday; the flag is in the window ${run}`);
    await dialog.getByRole('button', { name: 'Save verification' }).click();
    await expectToast(page, 'Business verified');

    await openBusiness(page, verified.id);
    const month = new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(await page.getByTestId('verified').innerText()).toContain('This business has been verified by our community');
    expect(await page.getByTestId('verification-line').innerText()).toBe(`Verified in person · ${month}`);
  });

  it("13 months later the badge reads 'Verification due' and the business is in Re-checks", async () => {
    const { page } = browser;
    await db.query(`UPDATE verifications SET verified_on = verified_on - interval '13 months' WHERE business_id = $1`, [verified.id]);
    await db.query(`UPDATE businesses SET verified_on = verified_on - interval '13 months' WHERE id = $1`, [verified.id]);
    // Kept answers live up to 10 minutes; a write on the business (a vote) drops them at once.
    await owner.http.write(`/api/businesses/${verified.id}/vote`, { vote_type: 'upvote' });

    await openBusiness(page, verified.id);
    expect(await page.getByTestId('verification-due').innerText()).toBe('Verification due');
    expect(await page.getByTestId('verified').count()).toBe(0);

    await page.goto('/admin');
    const card = await recheckCard(page, verified.id);
    expect(await card.getAttribute('data-reason')).toBe('due');
    expect(await card.innerText()).toContain('Verification due');
  });

  it("three members answering 'Closed' put a business in Re-checks with their answers", async () => {
    const { page } = browser;
    const members = [await establishedMember('closed1'), await establishedMember('closed2'), await establishedMember('closed3')];
    // The first answers on the page, the others through the API.
    await page.context().clearCookies();
    await logIn(page, members[0].username, members[0].password);
    await openBusiness(page, closed.id);
    await page.getByTestId('member-confirmations').getByRole('button', { name: 'Closed' }).click();
    await expectToast(page, 'Thank you: your answer is recorded');
    expect(await page.getByTestId('own-answer').innerText()).toContain('You answered ‘Closed’');
    for (const member of members.slice(1)) await member.http.write(`/api/businesses/${closed.id}/confirmations`, { answer: 'Closed' });

    await page.context().clearCookies();
    await logInAsAdmin(page);
    await page.goto('/admin');
    const card = await recheckCard(page, closed.id);
    expect(await card.getAttribute('data-reason')).toBe('members');
    const text = await card.innerText();
    for (const member of members) expect(text).toContain(member.username);
    expect(text.match(/Closed/g)?.length).toBeGreaterThanOrEqual(3);

    // 'Verify' from the card settles it: the business leaves Re-checks.
    await card.getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: `Verify ${closed.name}` });
    await dialog.getByLabel('Method').selectOption('Confirmed with the owner');
    await dialog.getByRole('button', { name: 'Save verification' }).click();
    await expectToast(page, 'Business verified');
    await expect.poll(() => card.count()).toBe(0);
  });
});
