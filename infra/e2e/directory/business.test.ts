// SPEC §2 business form and detail: add a business (geocoded by the worker, never typed),
// edit it, vote, comment, suggest an edit, report it; admins then see the report.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { database } from '../admin/helpers';
import {
  admin,
  apiFetch,
  directoryScreen,
  eventually,
  exact,
  expectNoPageErrors,
  expectToast,
  logIn,
  loggedOut,
  newUser,
  pathOf,
  signUp,
  waitForPath,
} from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const owner = newUser('owner');
const tag = randomBytes(4).toString('hex');
const place = {
  name: `Olive Grove ${tag}`,
  category: 'Cafe',
  phone: '0113 496 0000',
  description: `Family cafe ${tag} serving maqluba and knafeh; `.repeat(4).trim(),
  address: '12 Briggate',
  city: 'Leeds',
  postcode: 'LS1 6HD',
  website: 'https://example.org/olive',
  twitter: '@olivegrove',
  monday: '9:00 AM - 6:00 PM',
  proof: 'Donates 10% of profits to Medical Aid for Palestinians.',
};
let businessId = 0;

async function openDetail(page: Page): Promise<void> {
  await page.goto(`/business/${businessId}`);
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${businessId}"]`)).toBeVisible();
}

/** rgb(...) of an element's text. */
async function colourOf(page: Page, testId: string): Promise<[number, number, number]> {
  const colour = await page.getByTestId(testId).evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
  return [r, g, b];
}

test.describe('directory: add a business and land on its page', () => {
  test('fills the form (no coordinates), lands on /business/{id} with every section', async ({ page, context, errors }) => {
    await loggedOut(context);
    await signUp(page, owner);
    await page.getByRole('link', { name: 'Add Business' }).click();
    await waitForPath(page, '/add-business');
    const form = page.locator('[data-testid="business-form"][data-mode="add"]');
    await expect(form).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add Your Business' })).toBeVisible();
    for (const section of ['Basic Information', 'Location Information', 'Online Presence', 'Business Hours', 'Palestine Support']) {
      await expect(form.getByRole('heading', { name: section })).toBeVisible();
    }
    expect(await page.getByTestId('form-note').innerText()).toBe(
      'By adding your business, you confirm that it actively supports Palestinian rights and solidarity.',
    );
    await expect(page.getByLabel('Website')).toHaveAttribute('type', 'url');
    await expect(page.getByLabel('Sunday')).toHaveAttribute('placeholder', '9:00 AM - 6:00 PM or Closed');
    // no latitude/longitude inputs: the worker geocodes the postcode
    expect(await form.locator('input[name*="latitude" i], input[name*="longitude" i], input[name$="-lat" i], input[name$="-lon" i]').count()).toBe(0);

    // Required fields are enforced by the browser before anything is sent.
    await page.getByRole('button', { name: 'Add Business', exact: true }).click();
    expect(await page.getByLabel(/Business Name/).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/add-business');

    await page.getByLabel(/Business Name/).fill(place.name);
    await page.getByLabel('Category').selectOption(place.category);
    await page.getByLabel('Phone').fill(place.phone);
    await page.getByLabel('Description').fill(place.description);
    await page.getByLabel(/Street Address/).fill(place.address);
    await page.getByLabel(/^City/).fill(place.city);
    await page.getByLabel(/^Postcode/).fill(place.postcode);
    await page.getByLabel('Website').fill(place.website);
    await page.getByLabel('Twitter/X').fill(place.twitter);
    await page.getByLabel('Monday').fill(place.monday);
    await page.getByRole('button', { name: 'Add a source' }).click();
    await page.getByLabel('Kind of source').selectOption('Donation or fundraiser');
    await page.getByLabel('Quote or description').fill(place.proof);
    await page.getByRole('button', { name: 'Add Business', exact: true }).click();

    await expectToast(page, 'Business added successfully!', 'success');
    await page.waitForURL(/\/business\/\d+$/);
    businessId = Number(new URL(page.url()).pathname.split('/').pop());
    const detail = page.locator(`[data-testid="business-detail"][data-business-id="${businessId}"]`);
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
    expect(await detail.getByTestId('business-header').innerText()).toContain(`${place.address}, ${place.city} ${place.postcode}`);
    expect(await detail.getByTestId('business-header').innerText()).toContain(place.category);
    const source = detail.getByTestId('source');
    await expect(source.getByText(place.proof)).toBeVisible();
    expect(await source.innerText()).toContain('Donation or fundraiser');
    const hours = await page.getByTestId('business-hours').innerText();
    expect(hours).toMatch(/Monday:\s*9:00 AM - 6:00 PM/);
    expect(hours).toMatch(/Sunday:\s*Closed/);
    await expect(page.getByTestId('social-links').getByRole('link', { name: 'Twitter/X' })).toHaveAttribute('href', 'https://twitter.com/olivegrove');
    await expect(detail.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', place.website);
    expect(await detail.locator(`a[href^="tel:"]`).first().innerText()).toBe(place.phone);
    await expect(page.getByRole('link', { name: 'Edit Business' })).toBeVisible();
    await expect(page.getByTestId('community-rating')).toBeVisible();
    expectNoPageErrors(errors);
  });

  test('the worker geocodes the postcode; the business shows on the map view', async ({ page }) => {
    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    const located = await eventually(async () => {
      const answer = await apiFetch<{ latitude: number | null; longitude: number | null }>(page, `/api/businesses/${businessId}`);
      if (typeof answer.body.latitude !== 'number' || typeof answer.body.longitude !== 'number') throw new Error('not geocoded yet');
      return answer.body;
    });
    // LS1 is central Leeds.
    expect(located.latitude).toBeCloseTo(53.8, 0);
    expect(located.longitude).toBeCloseTo(-1.55, 0);

    await eventually(
      async () => {
        await page.goto('/browse');
        await page.getByPlaceholder('Search businesses...').fill(tag);
        await expect(page.getByTestId('business-count').filter({ hasText: exact('1 businesses found') })).toBeVisible({ timeout: 5000 });
        await page.getByRole('button', { name: 'Map View' }).click();
        await expect(page.getByTestId('map-view')).toBeVisible();
        expect(await page.getByTestId('stat-on-map').innerText()).toBe('1');
      },
      { timeoutMs: 90_000, intervalMs: 2000 },
    );
    expect(await page.getByTestId('stat-cities').innerText()).toBe('1');
    expect(await page.getByTestId('stat-coverage').innerText()).toBe('100%');
    expect(await page.getByTestId('unmapped').count()).toBe(0);
    const marker = page.locator(`.leaflet-marker-icon[title="${place.name}"]`);
    await expect(marker).toBeVisible();
    await marker.click();
    const popup = page.getByTestId('map-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading', { name: place.name })).toBeVisible();
    expect(await popup.innerText()).toContain(`${place.description.slice(0, 80)}...`);
    expect(await popup.innerText()).toContain(`${place.city} ${place.postcode}`);
    await popup.getByRole('link', { name: 'View Full Details' }).click();
    await waitForPath(page, `/business/${businessId}`);
  });

  test("edits the business from 'Edit Business' ('Update Business')", async ({ page }) => {
    await openDetail(page);
    await page.getByRole('link', { name: 'Edit Business' }).click();
    await waitForPath(page, `/edit-business/${businessId}`);
    await expect(page.locator('[data-testid="business-form"][data-mode="edit"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Edit Business' })).toBeVisible();
    expect(await page.getByLabel(/Business Name/).inputValue()).toBe(place.name);
    expect(await page.getByLabel('Category').inputValue()).toBe(place.category);
    expect(await page.getByLabel('Monday').inputValue()).toBe(place.monday);
    expect(await page.getByTestId('form-note').innerText()).toBe('Your changes will be saved and reflected on Zaytoon immediately.');
    place.phone = '0113 496 0999';
    await page.getByLabel('Phone').fill(place.phone);
    await page.getByRole('button', { name: 'Update Business' }).click();
    await expectToast(page, 'Business updated successfully!', 'success');
    await waitForPath(page, `/business/${businessId}`);
    await expect(page.getByTestId('business-detail').locator(`a[href^="tel:"]`, { hasText: place.phone })).toBeVisible();
  });
});

test.describe('directory: community actions on the business page', () => {
  test('votes: the current vote is highlighted, score green when >= 0 and red when negative', async ({ page }) => {
    await openDetail(page);
    const up = page.getByTestId('upvote');
    const down = page.getByTestId('downvote');
    const score = page.getByTestId('net-score');
    await expect(score.filter({ hasText: exact('0') })).toBeVisible();
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await expect(down).toHaveAttribute('aria-pressed', 'false');
    const [r0, g0] = await colourOf(page, 'net-score');
    expect(g0).toBeGreaterThan(r0);

    await up.click();
    await expect(score.filter({ hasText: exact('+1') })).toBeVisible();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(down).toHaveAttribute('aria-pressed', 'false');
    expect(await up.innerText()).toContain('1');
    const [r1, g1] = await colourOf(page, 'net-score');
    expect(g1).toBeGreaterThan(r1);
    const upBackground = await up.evaluate((el) => getComputedStyle(el).backgroundColor);
    const downBackground = await down.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(upBackground).not.toBe(downBackground);

    await down.click();
    await expect(score.filter({ hasText: exact('-1') })).toBeVisible();
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    const [r2, g2] = await colourOf(page, 'net-score');
    expect(r2).toBeGreaterThan(g2);

    // The vote survives a reload (it is the server's), and sending it again removes it (CONTRACT).
    await openDetail(page);
    await expect(score.filter({ hasText: exact('-1') })).toBeVisible();
    // The member's own vote is its own read (the score may show first): wait for it rather than race it.
    await expect(page.locator('[data-testid="downvote"][aria-pressed="true"]')).toBeVisible();
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await down.click();
    await expect(score.filter({ hasText: exact('0') })).toBeVisible();
    await expect(down).toHaveAttribute('aria-pressed', 'false');
  });

  test("comments: live 'n/1000 characters', 3-character rule, delete after the confirmation", async ({ page }) => {
    await openDetail(page);
    const comments = page.getByTestId('comments');
    const box = comments.getByLabel('Add a comment');
    const counter = page.getByTestId('comment-counter');
    const post = comments.getByRole('button', { name: 'Post Comment' });
    expect(await counter.innerText()).toBe('0/1000 characters');
    await expect(post).toBeDisabled();

    await box.pressSequentially('ok');
    expect(await counter.innerText()).toBe('2/1000 characters');
    await expect(post).toBeEnabled();
    await post.click();
    await expectToast(page, 'Comment must be at least 3 characters', 'error');

    await box.fill('x'.repeat(1200));
    expect(await counter.innerText()).toBe('1000/1000 characters');

    const text = `Lovely staff and great knafeh ${tag}`;
    await box.fill('');
    await box.pressSequentially(text);
    expect(await counter.innerText()).toBe(`${text.length}/1000 characters`);
    await post.click();
    await expectToast(page, 'Comment added!', 'success');
    const mine = page.getByTestId('comment').filter({ hasText: text });
    await expect(mine).toBeVisible();
    expect(await mine.innerText()).toContain(owner.username);
    expect(await counter.innerText()).toBe('0/1000 characters');

    // Dismissing the confirmation keeps it; accepting deletes it.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await mine.getByRole('button', { name: /Delete/ }).click();
    expect(asked).toEqual(['Are you sure you want to delete this comment?']);
    await expect(mine).toHaveCount(1);

    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await mine.getByRole('button', { name: /Delete/ }).click();
    await expectToast(page, 'Comment deleted', 'success');
    await expect(mine).not.toBeAttached();
    expect(asked).toHaveLength(2);

    // Leave one comment for the admin check below.
    await box.fill(`Second visit ${tag}`);
    await post.click();
    await expectToast(page, 'Comment added!', 'success');
    await expect(page.getByTestId('comment').filter({ hasText: `Second visit ${tag}` })).toBeVisible();
  });

  test("suggests an edit: submit disabled until field and value are set; the success toast; 'Pending Suggestions (1)'", async ({ page }) => {
    await openDetail(page);
    await page.getByRole('button', { name: 'Suggest Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest Edit' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Submit Suggestion' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Field to update').selectOption('website');
    await expect(submit).toBeDisabled();
    expect(await page.getByTestId('current-value').innerText()).toContain(place.website);
    await dialog.getByLabel('Suggested value').fill('https://example.org/olive-grove');
    await expect(submit).toBeEnabled();
    await dialog.getByLabel('Suggested value').fill('   ');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Suggested value').fill('https://example.org/olive-grove');
    await dialog.getByLabel('Reason (optional)').fill('They moved their site');
    await submit.click();
    await expectToast(page, 'Suggestion submitted successfully! It will be reviewed by an admin.', 'success');
    await expect(dialog).not.toBeAttached();
    const pending = page.getByTestId('pending-suggestions');
    await expect(pending.getByRole('heading', { name: 'Pending Suggestions (1)' })).toBeVisible();
    const text = await pending.innerText();
    expect(text).toContain('https://example.org/olive-grove');
    expect(text).toContain('They moved their site');
    expect(text).toContain(`Suggested by ${owner.username}`);
    expect(text).toContain('Pending admin review');
  });

  test('reports the business: reason required, six reasons, success toast', async ({ page }) => {
    await openDetail(page);
    await page.getByRole('button', { name: 'Report Business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Business' });
    await expect(dialog).toBeVisible();
    const reasons = await dialog.getByLabel('Reason').locator('option').allInnerTexts();
    expect(reasons.slice(1)).toEqual([
      'Inaccurate information',
      'Does not support Palestine',
      'Business closed/moved',
      'Inappropriate content',
      'Spam or duplicate',
      'Other',
    ]);
    const submit = dialog.getByRole('button', { name: 'Submit Report' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Reason').selectOption('Business closed/moved');
    await dialog.getByLabel(/Details/).fill(`Shut last month ${tag}`);
    await submit.click();
    await expectToast(page, 'Report submitted successfully', 'success');
    await expect(dialog).not.toBeAttached();
    // Members never see report counts.
    expect(await page.getByTestId('recent-reports').count()).toBe(0);
    expect(await page.getByTestId('detail-report-count').count()).toBe(0);
  });

  test('an admin sees the report badge, Recent Reports, Edit Business and may delete any comment', async ({ page, context }) => {
    await loggedOut(context);
    await logIn(page, admin.login, admin.password);
    expect(await page.getByTestId('welcome').innerText()).toContain('(Admin)');
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
    await openDetail(page);
    await expect(page.getByTestId('detail-report-count').filter({ hasText: exact('1 report') })).toBeVisible();
    const reports = page.getByTestId('recent-reports');
    await expect(reports.getByRole('heading', { name: 'Recent Reports (1)' })).toBeVisible();
    const text = await reports.innerText();
    expect(text).toContain('Business closed/moved');
    expect(text).toContain(`Shut last month ${tag}`);
    expect(text).toContain(owner.username);
    await expect(page.getByRole('link', { name: 'Edit Business' })).toBeVisible();
    const theirs = page.getByTestId('comment').filter({ hasText: `Second visit ${tag}` });
    await expect(theirs.getByRole('button', { name: /Delete/ })).toBeVisible();
  });

  test("comments come a page at a time: the title counts them all, 'Load more comments' shows the rest", async ({ page }) => {
    const db = database();
    let total = 0;
    try {
      await db.query(
        `INSERT INTO comments (business_id, user_id, comment_text, created_at)
         SELECT $1, (SELECT id FROM users WHERE lower(username) = lower($2)), 'Older note ' || n || ' ${tag}', now() - n * interval '1 minute'
           FROM generate_series(1, 25) n`,
        [businessId, owner.username],
      );
      total = Number((await db.query('SELECT count(*) FROM comments WHERE business_id = $1', [businessId])).rows[0].count);
    } finally {
      await db.end();
    }
    await openDetail(page);
    const comments = page.getByTestId('comments');
    await expect(comments.getByRole('heading', { name: `Comments (${total})` })).toBeVisible();
    const shown = page.getByTestId('comment');
    await eventually(async () => expect(await shown.count()).toBe(20));
    await comments.getByRole('button', { name: 'Load more comments' }).click();
    await eventually(async () => expect(await shown.count()).toBe(total));
    expect(await comments.getByRole('button', { name: 'Load more comments' }).count()).toBe(0);
    // Newest first across the pages: the oldest note is the last one.
    expect(await shown.last().innerText()).toContain(`Older note 25 ${tag}`);
  });

  test("a visitor sees 'Login to Interact' and is asked to log in to vote", async ({ page, context }) => {
    await loggedOut(context);
    await openDetail(page);
    await expect(page.getByText('Want to suggest edits or report this business?')).toBeVisible();
    expect(await page.getByRole('button', { name: 'Suggest Edit' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit Business' }).count()).toBe(0);
    await page.getByTestId('upvote').click();
    await expectToast(page, 'Please log in to vote', 'error');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.getByRole('button', { name: 'Login to Interact' }).click();
    await waitForPath(page, '/login');
  });

  test("an unknown id toasts 'Business not found' and goes to /dashboard", async ({ page }) => {
    await page.goto('/business/987654321');
    await expectToast(page, 'Business not found', 'error');
    await waitForPath(page, '/dashboard');
  });
});

test.describe('directory: the business pages say what is going on', () => {
  const other = newUser('other');

  test("a business that could not be read says so, apart from 'not found', and 'Try again' reads it again", async ({ page, context }) => {
    await loggedOut(context);
    const detailPath = new RegExp(`/api/businesses/${businessId}$`);
    await page.route(detailPath, (route) => route.fulfill({ status: 503, body: '{"detail":"Service temporarily unavailable"}' }));
    await page.goto(`/business/${businessId}`);
    const unavailable = page.getByTestId('business-unavailable');
    await expect(unavailable).toBeVisible();
    await expect(unavailable.getByRole('heading', { level: 1, name: 'Could not load this business' })).toBeVisible();
    expect(await unavailable.innerText()).toContain('Please check your connection and try again.');
    expect(await page.getByTestId('business-not-found').count()).toBe(0);
    expect(await pathOf(page)).toBe(`/business/${businessId}`);

    await page.unroute(detailPath);
    await unavailable.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator(`[data-testid="business-detail"][data-business-id="${businessId}"]`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  });

  test("the form's categories are the server's, and nothing else", async ({ page }) => {
    await signUp(page, other);
    await page.goto('/add-business');
    await expect(page.locator('[data-testid="business-form"][data-mode="add"]')).toBeVisible();
    const server = (await apiFetch<{ categories: string[] }>(page, '/api/categories')).body.categories;
    expect(server).toContain('Bookshop');
    const select = page.getByLabel('Category');
    await expect(select.locator('option', { hasText: exact('Bookshop') })).toBeAttached();
    const offered = (await select.locator('option').allInnerTexts()).slice(1);
    expect([...offered].sort()).toEqual([...server].sort());
  });

  test("text fields stop at the contract's limits, long ones count, and a too-long text is refused in words", async ({ page }) => {
    await page.goto('/add-business');
    await expect(page.locator('[data-testid="business-form"][data-mode="add"]')).toBeVisible();
    await expect(page.getByLabel(/Business Name/)).toHaveAttribute('maxlength', '300');
    await expect(page.getByLabel(/^Postcode/)).toHaveAttribute('maxlength', '12');
    const description = page.getByLabel('Description');
    // The counter is what the field's aria-describedby names (its id is React's, unique per field).
    const counterId = await description.getAttribute('aria-describedby');
    expect(counterId).toMatch(/^\S+$/);
    const counter = page.locator(`[id="${counterId}"]`);
    expect(await counter.innerText()).toBe('0/5000 characters');
    await description.fill('x'.repeat(5100));
    expect(await counter.innerText()).toBe('5000/5000 characters');
    expect((await description.inputValue()).length).toBe(5000);

    // A client that sends more anyway (not this form) reads which field and how long it may be.
    const refused = await apiFetch<{ detail: string; errors: Record<string, string> }>(page, '/api/businesses', {
      method: 'POST',
      body: { name: 'n'.repeat(301), address: '1 Street', city: 'Leeds', postcode: 'LS1 1AA' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Business Name must be at most 300 characters');
    expect(refused.body.errors.name).toBe('Business Name must be at most 300 characters');
  });

  test("/edit-business/{id} of someone else's business says so, with no form", async ({ page }) => {
    await page.goto(`/edit-business/${businessId}`);
    const refusal = page.getByTestId('edit-not-allowed');
    await expect(refusal).toBeVisible();
    expect(await refusal.innerText()).toContain('You can only edit businesses you own');
    expect(await page.getByTestId('business-form').count()).toBe(0);
    await refusal.getByRole('link', { name: 'Back to Business' }).click();
    await waitForPath(page, `/business/${businessId}`);
  });

  test('a member whose session has ended is asked to log in to suggest changes, and to report', async ({ page, context }) => {
    await openDetail(page);
    await page.getByRole('button', { name: 'Suggest Edit' }).click();
    const suggest = page.getByRole('dialog', { name: 'Suggest Edit' });
    await suggest.getByLabel('Field to update').selectOption('phone');
    await suggest.getByLabel('Suggested value').fill('0113 496 0123');
    await context.clearCookies();
    await suggest.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expectToast(page, 'Please log in to suggest changes', 'error');

    // The shell's expiry handling took the member to /login; signing in there returns them to this page.
    await waitForPath(page, '/login');
    await page.getByLabel('Email or Username').fill(other.username);
    await page.getByLabel('Password').fill(other.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByTestId('welcome')).toBeVisible();
    await openDetail(page);
    await page.getByRole('button', { name: 'Report Business' }).click();
    const report = page.getByRole('dialog', { name: 'Report Business' });
    await report.getByLabel('Reason').selectOption('Other');
    await context.clearCookies();
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Please log in to report a business', 'error');
  });
});
