// 'Open now': the chip and its URL parameter, the status line on list rows and on the business
// page. A browser test cannot set the server's clock, so the businesses here answer the same at any hour: open 24
// hours every day (always in 'Open now'), closed every day (never), and hours nobody can read (never, and no status).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, newMember, tag, type CreatedBusiness } from '../admin/helpers';
import { directoryScreen, exact, expectNoPageErrors, loggedOut, cityRows } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const city = `Hourford ${tag()}`;
const everyDay = (text: string) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, text]));

let always: CreatedBusiness;
let never: CreatedBusiness;
let unreadable: CreatedBusiness;

test.beforeAll(async () => {
  const lister = await newMember('hours');
  always = await addBusiness(lister, `Always Open Grocer ${city}`, { city, business_hours: everyDay('24 hours') });
  never = await addBusiness(lister, `Never Open Bakery ${city}`, { city, business_hours: everyDay('Closed') });
  unreadable = await addBusiness(lister, `Appointment Tailor ${city}`, { city, business_hours: { monday: 'By appointment' } });
});

test.beforeEach(async ({ context }) => {
  await loggedOut(context);
});

const count = (page: Page) => page.getByTestId('business-count');
const openNow = (page: Page) => page.getByRole('checkbox', { name: 'Open now' });
const statusOfRow = (page: Page, id: number) => page.locator(`[data-testid="business-row"][data-business-id="${id}"] [data-testid="opening-status"]`);

test.describe("'Open now'", () => {
  test('the chip asks the server for the businesses open now, goes into the URL, and its × takes it back out', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/browse?city=${encodeURIComponent(city)}`);
    await directoryScreen(page, 'directory');
    await expect(count(page).filter({ hasText: exact('3 businesses found') })).toBeVisible();

    await openNow(page).check();
    await expect(page.getByTestId('chip-openNow').filter({ hasText: 'Show: Open now' })).toBeVisible();
    await expect(count(page).filter({ hasText: exact('1 businesses found') })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('open_now')).toBe('true');
    expect(await cityRows(page, city)).toEqual([always.id]);
    expect(await statusOfRow(page, always.id).innerText()).toBe('Open 24 hours');

    // A copied link comes back to the same filter.
    await page.reload();
    await expect(count(page).filter({ hasText: exact('1 businesses found') })).toBeVisible();
    expect(await openNow(page).isChecked()).toBe(true);

    await page.getByTestId('chip-openNow').click();
    await expect(count(page).filter({ hasText: exact('3 businesses found') })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('open_now')).toBeNull();
    expect(await openNow(page).isChecked()).toBe(false);
    expectNoPageErrors(errors);
  });

  test('list rows show the status, and nothing for hours that cannot be read', async ({ page }) => {
    await page.goto(`/browse?city=${encodeURIComponent(city)}`);
    await directoryScreen(page, 'directory');
    expect((await cityRows(page, city)).sort()).toEqual([always.id, never.id, unreadable.id].sort());
    expect(await statusOfRow(page, always.id).innerText()).toBe('Open 24 hours');
    expect(await statusOfRow(page, never.id).innerText()).toBe('Closed');
    expect(await statusOfRow(page, unreadable.id).count()).toBe(0);
  });

  test('the business page shows the status above the week', async ({ page }) => {
    for (const [business, expected] of [
      [always, 'Open 24 hours'],
      [never, 'Closed'],
    ] as const) {
      await page.goto(`/business/${business.id}`);
      const hours = page.getByTestId('business-hours');
      await expect(hours).toBeVisible();
      expect(await page.getByTestId('opening-status').innerText()).toBe(expected);
    }
    await page.goto(`/business/${unreadable.id}`);
    await expect(page.getByTestId('business-hours')).toBeVisible();
    expect(await page.getByTestId('opening-status').count()).toBe(0);
  });
});
