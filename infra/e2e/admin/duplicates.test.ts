// Done when: a member adding 'Olive Tree Bakery' at the postcode of an existing 'Olive Tree Bakers' sees
// 'This may already be listed' and adds it anyway; an admin merges the two from 'Possible duplicates', and the
// survivor has the votes, comments and history of both, with the old URL leading there.
import type pg from 'pg';
import { expect, test } from '../support/test';
import { e2e } from '../support/env';
import { openHistory } from '../directory/helpers';
import { addBusiness, database, expectToast, logIn, logInAsAdmin, newMember, tag, type CreatedBusiness, type Member } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const run = tag();
// A postcode of its own (the district is shared with other runs: their businesses may be candidates too).
const postcode = `LS2 ${Math.floor(Math.random() * 10)}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(Math.random() * 20)]}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(Math.random() * 20)]}`;
let db: pg.Pool;
let owner: Member;
let adder: Member;
let existing: CreatedBusiness;
let added: number;

test.beforeAll(async () => {
  db = database();
  owner = await newMember('dupes');
  adder = await newMember('dupes2');
  existing = await addBusiness(owner, 'Olive Tree Bakers', { postcode, address: '3 Vicar Lane', city: 'Leeds' });
});

test.afterAll(async () => {
  await db?.end();
});

test.describe('duplicates and merges', () => {
  test("shows 'This may already be listed' while 'Olive Tree Bakery' is added at the same postcode, and adds it anyway", async ({ page }) => {
    await logIn(page, adder.username, adder.password);
    await page.goto('/add-business');
    await expect(page.locator('[data-testid="business-form"][data-mode="add"]')).toBeVisible();
    await page.getByLabel(/^Business Name/).fill('Olive Tree Bakery');
    await page.getByLabel(/^Street Address/).fill('5 Vicar Lane');
    await page.getByLabel(/^City/).fill('Leeds');
    await page.getByLabel(/^Postcode/).fill(postcode);

    const warning = page.getByTestId('duplicate-warning');
    await expect(warning.getByText('This may already be listed')).toBeVisible();
    const candidate = warning.getByTestId('duplicate-candidate').filter({ has: page.locator(`a[href="/business/${existing.id}"]`) });
    expect(await candidate.textContent()).toBe(`Olive Tree Bakers3 Vicar Lane, ${postcode} · same postcode`);

    await page.getByRole('button', { name: 'Add Business' }).click();
    await page.waitForURL((url) => /^\/business\/\d+$/.test(url.pathname) && url.pathname !== `/business/${existing.id}`);
    added = Number(new URL(page.url()).pathname.split('/').pop());
    await expectToast(page, 'Business added successfully!');
  });

  test("merges the two from 'Possible duplicates'; the survivor has both businesses' votes, comments and history, and the old URL leads there", async ({
    page,
  }) => {
    await owner.http.write(`/api/businesses/${existing.id}/vote`, { vote_type: 'upvote' });
    await owner.http.write(`/api/businesses/${existing.id}/comments`, { comment_text: `Fresh bread every morning ${run}` });
    await adder.http.write(`/api/businesses/${added}/vote`, { vote_type: 'upvote' });
    await adder.http.write(`/api/businesses/${added}/comments`, { comment_text: `Best knafeh in Leeds ${run}` });

    await page.context().clearCookies();
    await logInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Possible duplicates \(\d+\)$/ }).click();
    const card = page.locator(`[data-testid="duplicate-pair"][data-first-id="${existing.id}"][data-second-id="${added}"]`);
    const more = page.getByRole('button', { name: 'Load more' });
    for (;;) {
      await expect(page.locator('[data-testid="duplicates"][data-loading="false"]')).toBeVisible();
      if ((await card.count()) > 0 || (await more.count()) === 0) break;
      await more.click();
    }
    expect(await card.innerText()).toContain('Added despite the warning');
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Merge into Olive Tree Bakers' }).click();
    await expectToast(page, '"Olive Tree Bakery" merged into "Olive Tree Bakers"');
    await expect(card).not.toBeAttached();

    await page.goto(`/business/${existing.id}`);
    await expect(page.locator(`[data-testid="business-detail"][data-business-id="${existing.id}"]`)).toBeVisible();
    const comments = page.getByTestId('comments').getByTestId('comment');
    await expect(comments.first()).toBeVisible();
    const texts = await comments.allInnerTexts();
    expect(texts.some((text) => text.includes(`Fresh bread every morning ${run}`))).toBe(true);
    expect(texts.some((text) => text.includes(`Best knafeh in Leeds ${run}`))).toBe(true);
    expect(await page.getByTestId('community-rating').getByTestId('upvote').innerText()).toContain('2');
    // The history of both: the merge by 'admin' on top, then each business's own 'create'.
    const revisions = await openHistory(page);
    await expect(revisions.nth(2)).toBeVisible();
    const shown = await revisions.evaluateAll((items) =>
      items.map((item) => ({ kind: item.getAttribute('data-kind'), text: item.textContent ?? '' })),
    );
    expect(shown.map((revision) => revision.kind)).toEqual(['merge', 'create', 'create']);
    expect(shown[0].text).toContain('admin');
    const named = (text: string) => (text.includes('Olive Tree Bakery') ? 'Bakery' : text.includes('Olive Tree Bakers') ? 'Bakers' : '?');
    expect(shown.slice(1).map((revision) => named(revision.text))).toEqual(['Bakery', 'Bakers']);

    // The old address: the front door answers 301 to the survivor's, and the page that opens is the survivor's.
    const answer = await fetch(`${e2e.baseUrl}/business/${added}`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`/business/${existing.id}`);
    await page.goto(`/business/${added}`);
    await page.waitForURL((url) => url.pathname === `/business/${existing.id}`);
    await expect(page.locator(`[data-testid="business-detail"][data-business-id="${existing.id}"]`)).toBeVisible();
    const api = await fetch(`${e2e.baseUrl}/api/businesses/${added}`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Business not found', code: 'businessNotFound', merged_into: existing.id });
  });
});
