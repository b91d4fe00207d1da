// Special hours: a special closing day takes a business out of 'Open now' on that date, and a business 20 minutes
// before closing shows 'Closing soon'. The server's 'Open now' reads the real clock (nothing in production lets a
// request move it), so the closing day is the real London date, give or take a day for a run across midnight; the
// browser's status line reads the page's clock, which Playwright's `page.clock` sets to a chosen instant.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, newMember, tag, type CreatedBusiness, type Member } from '../admin/helpers';
import { BUSINESS_DATA, pageLanguage, productAndContractEnglish, shownTexts } from '../support/languages';
import { directoryScreen, exact, expectToast, logIn, loggedOut, cityRows } from './helpers';

test.describe.configure({ mode: 'serial' });

const city = `Eidford ${tag()}`;
const ramadanCity = `Ramadanford ${tag()}`;
const everyDay = (text: string) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, text]));

let owner: Member;
let eidClosed: CreatedBusiness;
let alwaysOpen: CreatedBusiness;
let ramadanEvenings: CreatedBusiness;

test.beforeAll(async () => {
  owner = await newMember('special');
  eidClosed = await addBusiness(owner, `Eid Closed Grocer ${city}`, { city, business_hours: everyDay('24 hours') });
  alwaysOpen = await addBusiness(owner, `Always Open Bakery ${city}`, { city, business_hours: everyDay('24 hours') });
  ramadanEvenings = await addBusiness(owner, `Ramadan Evenings Cafe ${city}`, { city: ramadanCity, business_hours: everyDay('9:00 AM - 6:00 PM') });
  const ramadan = await owner.http.put(`/api/businesses/${ramadanEvenings.id}/special-hours`, {
    special_hours: [{ label: 'Ramadan', first_date: '2030-03-28', last_date: '2030-04-02', closed: false, opens: '18:00', closes: '02:00' }],
  });
  expect(ramadan.status).toBe(200);
});

/** The London date `offset` days from now, YYYY-MM-DD. */
function londonDate(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
}

const count = (page: Page) => page.getByTestId('business-count');
const statusOfRow = (page: Page, id: number) => page.locator(`[data-testid="business-row"][data-business-id="${id}"] [data-testid="opening-status"]`);

test.describe('special hours', () => {
  test("its owner adds a special closing day on the business page, and 'Open now' leaves the business out on that date", async ({ page }) => {
    await logIn(page, owner.username, owner.password);
    await page.goto(`/business/${eidClosed.id}`);
    await expect(page.getByTestId('opening-status')).toHaveText('Open 24 hours');
    await page.getByRole('button', { name: 'Edit special hours' }).click();
    const form = page.getByTestId('special-hours-form');
    await form.getByRole('button', { name: 'Add special hours' }).click();
    await form.getByLabel('Label').fill('Eid al-Fitr');
    await form.getByLabel('First date').fill(londonDate(-1));
    await form.getByLabel('Last date').fill(londonDate(1));
    await expect(form.getByLabel('Closed all day')).toBeChecked();
    await form.getByRole('button', { name: 'Save special hours' }).click();
    await expectToast(page, 'Special hours saved', 'success');

    const status = page.getByTestId('opening-status');
    await expect(status).toHaveAttribute('data-open', 'false');
    await expect(status).toContainText(/^Closed · opens .* · Eid al-Fitr$/);
    await expect(page.locator('[data-testid="business-hours"] [data-special="true"]').first()).toContainText('Eid al-Fitr: Closed');
    await expect(page.getByTestId('special-hours-item')).toHaveCount(1);

    await loggedOut(page.context());
    await page.goto(`/browse?city=${encodeURIComponent(city)}&open_now=true`);
    await directoryScreen(page, 'directory');
    // Both are open around the clock: the bakery stays, the grocer closed for Eid does not.
    await expect(count(page).filter({ hasText: exact('1 businesses found') })).toBeVisible();
    expect(await cityRows(page, city)).toEqual([alwaysOpen.id]);

    await page.goto(`/browse?city=${encodeURIComponent(city)}`);
    await expect(count(page).filter({ hasText: exact('2 businesses found') })).toBeVisible();
    await expect(statusOfRow(page, eidClosed.id)).toContainText(/^Closed · opens .* · Eid al-Fitr$/);
    await expect(statusOfRow(page, alwaysOpen.id)).toHaveText('Open 24 hours');
  });

  test("'Closing soon' shows 20 minutes before closing, on the list row and the business page (with an injected clock)", async ({ page }) => {
    // Wednesday 3 April 2030, 01:40 in London (BST): 20 minutes before the last Ramadan night (2 April, 18:00 - 02:00) closes.
    await page.clock.setFixedTime(new Date('2030-04-03T00:40:00Z'));
    await page.goto(`/browse?city=${encodeURIComponent(ramadanCity)}`);
    await directoryScreen(page, 'directory');
    await expect(statusOfRow(page, ramadanEvenings.id)).toHaveText('Closing soon · closes 2 am');
    await expect(statusOfRow(page, ramadanEvenings.id)).toHaveAttribute('data-closing-soon', 'true');
    await page.goto(`/business/${ramadanEvenings.id}`);
    await expect(page.getByTestId('opening-status')).toHaveText('Closing soon · closes 2 am');

    // An ordinary day's 6 pm, 20 minutes ahead: Thursday 4 April 2030, 17:40 BST.
    await page.clock.setFixedTime(new Date('2030-04-04T16:40:00Z'));
    await page.reload();
    await expect(page.getByTestId('opening-status')).toHaveText('Closing soon · closes 6 pm');
    // On the first Ramadan date (28 March) the week's 9 to 6 gives way to its evening.
    await page.clock.setFixedTime(new Date('2030-03-28T11:00:00Z'));
    await page.reload();
    await expect(page.getByTestId('opening-status')).toHaveText('Closed · opens 6 pm · Ramadan');
  });

  test('in Arabic, on a phone, the special hours and their editor speak its words right to left, with no sideways scroll', async ({ newContext }) => {
    // A context of its own: this one's HTTP cache may still hold the page's answer from before the save.
    const page = await (await newContext()).newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await logIn(page, owner.username, owner.password);
    await page.goto(`/business/${eidClosed.id}?lang=ar`);
    await expect(page.getByTestId('special-hours-item')).toHaveCount(1);
    expect(await pageLanguage(page)).toEqual(['ar', 'rtl']);
    await page.getByRole('button', { name: 'تعديل الساعات الخاصة' }).click();
    const form = page.getByTestId('special-hours-form');
    await form.getByRole('button', { name: 'إضافة ساعات خاصة' }).click();
    await form.getByLabel('مغلق طوال اليوم').last().uncheck();
    await expect(form.getByLabel('يغلق').last()).toBeVisible();
    const english = productAndContractEnglish();
    expect((await shownTexts(page, BUSINESS_DATA)).filter((text) => english.has(text))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
