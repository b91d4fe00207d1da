// The owner of a business run from home switches it to 'Show only the area, not the street address' on its form; a
// visitor then finds it on the map at its postcode district's centre, the popup reading 'Approximate location' and
// holding no street.
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test } from '../support/test';
import { database, newMember, tag, type Member } from '../admin/helpers';
import { apiFetch, directoryScreen, eventually, exact, expectNoPageErrors, expectToast, logIn, loggedOut, waitForPath } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const run = tag();
const NAME = `Home Kitchen ${run}`;
const STREET = `${run} Quarry Mount`;
// The exact point, off LS1's centre (53.79674, -1.54754), where the map must no longer show it.
const EXACT = { latitude: 53.80412, longitude: -1.53371 };

let db: pg.Pool;
let owner: Member;
let businessId: number;

test.beforeAll(async () => {
  db = database();
  owner = await newMember('area');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO businesses (owner_id, name, address, city, postcode, category, description, latitude, longitude)
     VALUES ($1, $2, $3, 'Leeds', 'LS1 6HD', 'Catering', 'Home cooking for events.', $4, $5) RETURNING id`,
    [owner.id, NAME, STREET, EXACT.latitude, EXACT.longitude],
  );
  businessId = rows[0].id;
});

test.afterAll(async () => db?.end());

async function openDetail(page: Page) {
  await page.goto(`/business/${businessId}`);
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${businessId}"]`)).toBeVisible();
}

test.describe('approximate location', () => {
  test("the owner ticks 'Show only the area, not the street address' and still sees the street", async ({ page, context, errors }) => {
    await loggedOut(context);
    await logIn(page, owner.username, owner.password);
    await openDetail(page);
    await expect(page.getByTestId('approximate-location')).toHaveCount(0);
    await page.getByRole('link', { name: 'Edit Business' }).click();
    await waitForPath(page, `/edit-business/${businessId}`);
    const areaOnly = page.getByLabel('Show only the area, not the street address');
    await expect(areaOnly).not.toBeChecked();
    await areaOnly.check();
    await page.getByRole('button', { name: 'Update Business' }).click();
    await expectToast(page, 'Business updated successfully!', 'success');
    await waitForPath(page, `/business/${businessId}`);
    const header = page.getByTestId('business-header');
    await expect(header.getByTestId('approximate-location')).toHaveText('Approximate location');
    await expect(header).toContainText(STREET);

    await page.getByRole('link', { name: 'Edit Business' }).click();
    await expect(page.getByLabel('Show only the area, not the street address')).toBeChecked();
    expect(await page.getByLabel(/Street Address/).inputValue()).toBe(STREET);
    expectNoPageErrors(errors);
  });

  test("a visitor finds it on the map at its district's centre; the popup reads 'Approximate location', with no street", async ({
    page,
    context,
  }) => {
    await loggedOut(context);
    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    const seen = await eventually(async () => {
      const answer = await apiFetch<{ address: string; postcode: string; latitude: number; longitude: number }>(
        page,
        `/api/businesses/${businessId}`,
      );
      if (answer.body.address !== '') throw new Error('the front door still keeps the earlier answer');
      return answer.body;
    });
    expect(seen).toMatchObject({ postcode: 'LS1', latitude: 53.79674, longitude: -1.54754 });

    await eventually(
      async () => {
        await page.goto('/browse');
        await page.getByPlaceholder('Search businesses...').fill(run);
        await expect(page.getByTestId('business-count').filter({ hasText: exact('1 businesses found') })).toBeVisible({ timeout: 5000 });
        await page.getByRole('button', { name: 'Map View' }).click();
        await expect(page.getByTestId('map-view')).toBeVisible();
      },
      { timeoutMs: 60_000, intervalMs: 2000 },
    );
    const marker = page.locator(`.leaflet-marker-icon[title="${NAME}"]`);
    await expect(marker).toBeVisible();
    await marker.click();
    const popup = page.getByTestId('map-popup');
    await expect(popup.getByRole('heading', { name: NAME })).toBeVisible();
    await expect(popup.getByTestId('approximate-location')).toHaveText('Approximate location');
    expect(await popup.innerText()).not.toContain(STREET);
    expect(await popup.innerText()).toContain('Leeds LS1');
  });
});
