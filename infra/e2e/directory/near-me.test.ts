// 'Near me': a typed postcode sorts the list by distance, nearest first, each row showing its miles; the URL keeps the
// point rounded to two decimals, and the business page offers Directions to the business's point.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, newMember, tag, type CreatedBusiness } from '../admin/helpers';
import { directoryScreen, expectNoPageErrors, loggedOut } from './helpers';

const city = `Nearbury ${tag()}`;
/** LS1's district centre (53.79674, -1.54754), as the URL keeps it. */
const FROM = { latitude: 53.8, longitude: -1.55 };
/** Miles in one degree of latitude on the haversine's sphere. */
const MILES_PER_DEGREE = 69.093;
const northOf = (miles: number) => ({ latitude: Number((FROM.latitude + miles / MILES_PER_DEGREE).toFixed(6)), longitude: FROM.longitude });

let near: CreatedBusiness;
let middle: CreatedBusiness;
let far: CreatedBusiness;

test.beforeAll(async () => {
  const lister = await newMember('near');
  // Added, and named A-Z, in another order than their distances.
  far = await addBusiness(lister, `Middle Far Cafe ${city}`, { city, ...northOf(8) });
  near = await addBusiness(lister, `Zed Near Cafe ${city}`, { city, ...northOf(0.4) });
  middle = await addBusiness(lister, `Alpha Mid Cafe ${city}`, { city, ...northOf(-2) });
});

test.beforeEach(async ({ context }) => {
  await loggedOut(context);
});

/** 'Near me' asks for the browser's location at once; refused it (this browser grants none), the bar offers the postcode. */
async function askNearMeWithoutLocation(page: Page) {
  await expect(page.getByLabel('Postcode')).toHaveCount(0);
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(page.getByTestId('near-me-problem')).toHaveText('Could not find your location: enter a postcode instead');
}

test("'Near me' with a postcode sorts by distance and shows miles", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/browse?city=${encodeURIComponent(city)}`);
  await directoryScreen(page, 'directory');

  await askNearMeWithoutLocation(page);
  await page.getByLabel('Postcode').fill('LS1 4AP');
  await page.getByRole('button', { name: 'Sort by distance' }).click();

  const rows = page.getByTestId('nearby-list').getByTestId('business-row');
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-business-id'))))).toEqual([
    near.id,
    middle.id,
    far.id,
  ]);
  expect(await rows.getByTestId('distance').allInnerTexts()).toEqual(['0.4 mi', '2.0 mi', '8.0 mi']);
  expect(new URL(page.url()).searchParams.get('near')).toBe(`${FROM.latitude},${FROM.longitude}`);

  // A copied link comes back sorted from the same point; Clear goes back to the cities.
  await page.reload();
  await expect(page.getByTestId('nearby-list').getByTestId('distance').first()).toHaveText('0.4 mi');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('nearby-list')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('near')).toBeNull();
  expectNoPageErrors(errors);
});

test('an unknown postcode is said, and the list stays as it was', async ({ page }) => {
  await page.goto(`/browse?city=${encodeURIComponent(city)}`);
  await directoryScreen(page, 'directory');
  await askNearMeWithoutLocation(page);
  await page.getByLabel('Postcode').fill('QQ99 9QQ');
  await page.getByRole('button', { name: 'Sort by distance' }).click();
  await expect(page.getByTestId('near-me-problem')).toHaveText('Postcode not found: please enter a UK postcode such as SW1A 1AA');
  expect(new URL(page.url()).searchParams.get('near')).toBeNull();
});

test("the business page offers Directions to the business's point", async ({ page }) => {
  await page.goto(`/business/${near.id}`);
  const to = `${northOf(0.4).latitude},${FROM.longitude}`;
  await expect(page.getByTestId('directions-geo')).toHaveAttribute('href', `geo:${to}?q=${to}`);
  await expect(page.getByTestId('directions-osm')).toHaveAttribute('href', `https://www.openstreetmap.org/directions?to=${encodeURIComponent(to)}`);
  await expect(page.getByTestId('directions-google')).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(to)}`,
  );
});
