// Trust that stays true, through the shell: an admin verifies a business from its page ('Visited in
// person') and the badge shows; 13 months later (the dates moved in SQL) it reads 'Verification due' and is in
// Re-checks; three members answering 'Closed' put another business in Re-checks, with their answers; a source whose
// page (served here on a loopback address: the stack runs with LINK_CHECK_ALLOW_PRIVATE) starts answering 404 is 'Link broken'
// after three checks by the real worker, its archived title still shown.
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import { createQueueConnection, JobQueueRepository } from '@zaytoon/core';
import { e2e } from '../support/env';
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
} from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

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
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${id}"]`)).toBeVisible();
}

const recheckCard = (page: Page, businessId: number) =>
  cardInTab(page, /^Re-checks \(\d+\)$/, 'rechecks', `[data-testid="recheck-card"][data-business-id="${businessId}"]`);

test.beforeAll(async () => {
  db = database();
  owner = await newMember('trust');
  verified = await addBusiness(owner, `Verified Vegan ${run}`);
  closed = await addBusiness(owner, `Closed Cafe ${run}`);
});

test.afterAll(async () => {
  await db?.end();
  await jobs?.close();
  queueConnection?.disconnect();
  statementSite?.closeAllConnections();
  await new Promise((resolve) => (statementSite ? statementSite.close(resolve) : resolve(undefined)));
});

/** The stack's own queues: a link check is queued as the API queues one, and the stack's worker runs it. */
let queueConnection: ReturnType<typeof createQueueConnection> | undefined;
let jobs: JobQueueRepository | undefined;
let statementSite: Server | undefined;

/** A source's link as the worker recorded it. */
const linkOf = async (sourceId: number) =>
  (
    await db.query<{ link_status: string; link_failures: number }>('SELECT link_status, link_failures FROM business_sources WHERE id = $1', [
      sourceId,
    ])
  ).rows[0];

test.describe('trust that stays true', () => {
  test("an admin verifies a business 'Visited in person' from its page, and the badge shows", async ({ page }) => {
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

  test("13 months later the badge reads 'Verification due' and the business is in Re-checks", async ({ page }) => {
    await db.query(`UPDATE verifications SET verified_on = verified_on - interval '13 months' WHERE business_id = $1`, [verified.id]);
    await db.query(`UPDATE businesses SET verified_on = verified_on - interval '13 months' WHERE id = $1`, [verified.id]);
    // Some activity on the business meanwhile, as thirteen months would bring.
    await owner.http.write(`/api/businesses/${verified.id}/vote`, { vote_type: 'upvote' });

    await openBusiness(page, verified.id);
    expect(await page.getByTestId('verification-due').innerText()).toBe('Verification due');
    expect(await page.getByTestId('verified').count()).toBe(0);

    await page.goto('/admin');
    const card = await recheckCard(page, verified.id);
    await expect(card).toHaveAttribute('data-reason', 'due');
    expect(await card.innerText()).toContain('Verification due');
  });

  test("three members answering 'Closed' put a business in Re-checks with their answers", async ({ page }) => {
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
    await expect(card).toHaveAttribute('data-reason', 'members');
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

  test("a source whose page starts answering 404 is 'Link broken' after three checks, its archived title still shown", async ({ page }) => {
    // The source's page: a statement at first, gone (404) once `alive` is false.
    let alive = true;
    const title = `Our pledge to Palestine ${run}`;
    statementSite = createServer((_request, response) => {
      if (alive)
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<title>${title}</title><p>Every sale goes to Gaza.</p>`);
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
    });
    // A source's URL names no port but the web's: the page is on port 80 of a loopback address of its own.
    const host = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
    await new Promise<void>((resolve, reject) => statementSite!.once('error', reject).listen(80, host, resolve));
    const url = `http://${host}/statement`;
    const business = await addBusiness(owner, `Pledged Pantry ${run}`, {
      sources: [{ kind: 'Public statement', url, description: 'Our pledge, on our site', date: '2026-01-10' }],
    });
    const sourceId = (business as unknown as { sources: { id: number }[] }).sources[0].id;

    // Adding the source queued its first check: the page answers, and its title is archived.
    await eventually(async () => expect(await linkOf(sourceId)).toEqual({ link_status: 'ok', link_failures: 0 }), 20_000, 200);

    alive = false;
    queueConnection = createQueueConnection(e2e.redisUrl, 'producer');
    jobs = new JobQueueRepository(queueConnection);
    for (let failures = 1; failures <= 3; failures++) {
      await jobs.enqueue('checkSourceLink', { sourceId });
      await eventually(async () => expect((await linkOf(sourceId)).link_failures).toBe(failures), 20_000, 200);
    }
    expect((await linkOf(sourceId)).link_status).toBe('broken');

    await openBusiness(page, business.id);
    const source = page.locator(`[data-testid="source"][data-source-id="${sourceId}"]`);
    expect(await source.getByTestId('link-broken').innerText()).toBe('Link broken');
    expect(await source.getByTestId('archived-title').innerText()).toBe(`Archived: ${title}`);

    // The admins find it in 'Broken links'.
    await page.context().clearCookies();
    await logInAsAdmin(page);
    await page.goto('/admin');
    const card = await cardInTab(
      page,
      /^Broken links \(\d+\)$/,
      'broken-links',
      `[data-testid="broken-link-card"][data-list="business"][data-source-id="${sourceId}"]`,
    );
    const text = await card.innerText();
    expect(text).toContain(business.name);
    expect(text).toContain(url);
    expect(text).toContain(`Archived: ${title}`);
  });
});
