// Where shoppers look: an admin adds the brand 'Examplebucks' with a source, a member suggests a café as an
// alternative to it and the admin approves; typing 'examplebucks' on /browse offers its alternatives first, and the
// brand's page lists the café, until the admin deletes the brand. Then a business that stocks olive oil is found by
// the 'Palestinian products' filter, and a photo of its shelf can show them instead of a source.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, database, logInAsAdmin, newMember, tag, type CreatedBusiness, type Member } from '../admin/helpers';
import { cityRows, directoryScreen, expectNoPageErrors, expectToast, logIn, loggedOut, unfoldTopBar } from './helpers';
import { JPEG_WITH_GPS } from './fixtures/jpeg-with-gps';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const BRAND = 'Examplebucks';
const city = `Brandford ${tag()}`;
let member: Member;
let cafe: CreatedBusiness;
let deli: CreatedBusiness;

test.beforeAll(async () => {
  // The brand's name is the test's own: one left by an earlier run on the same database goes first.
  const db = database();
  await db.query('DELETE FROM brands WHERE lower(name) = lower($1)', [BRAND]);
  await db.end();
  member = await newMember('alt');
  cafe = await addBusiness(member, `Olive Tree Café ${city}`, { city, category: 'Cafe' });
  deli = await addBusiness(member, `Jaffa Deli ${city}`, { city, category: 'Grocery' });
});

async function logOut(page: Page) {
  await unfoldTopBar(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Successfully logged out!', 'success');
}

const row = (page: Page, id: number) => page.locator(`[data-testid="business-row"][data-business-id="${id}"]`);

test.describe('brands and alternatives', () => {
  test('an admin adds the brand Examplebucks with a source on the Brands tab', async ({ page, context }) => {
    await loggedOut(context);
    await logInAsAdmin(page);
    await page.goto('/admin?tab=brands');
    await expect(page.getByTestId('brands-tab')).toBeVisible();
    await page.getByRole('button', { name: 'Add a brand' }).click();
    const form = page.getByTestId('brand-form');
    await form.getByLabel('Brand name').fill(BRAND);
    await form.getByLabel('Short reason').fill('Named by the boycott campaign for its ties to the occupation.');
    await form.getByLabel('Kind of source').selectOption('Public statement');
    await form.getByLabel('Link').fill('https://boycott.example/examplebucks');
    await form.getByLabel('Quote or description').fill('Listed by the boycott campaign');
    await form.getByRole('button', { name: 'Save brand' }).click();
    await expectToast(page, 'Brand saved', 'success');
    await expect(page.getByTestId('brand-list').getByText(BRAND, { exact: true })).toBeVisible();
  });

  test('a member suggests the café as an alternative to it, and the admin approves', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await loggedOut(context);
    await logIn(page, member.username, member.password);
    await page.goto(`/business/${cafe.id}`);
    await page.getByRole('button', { name: 'Suggest Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest Edit' });
    await dialog.getByLabel('Field to update').selectOption('alternative_to');
    await dialog.getByTestId('brand-filter').fill(BRAND);
    const submit = dialog.getByRole('button', { name: 'Submit Suggestion' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expectToast(page, 'Suggestion submitted successfully! It will be reviewed by an admin.', 'success');

    await logOut(page);
    await logInAsAdmin(page);
    await page.goto(`/admin?tab=suggestions&q=${encodeURIComponent(cafe.name)}`);
    const card = page.locator('[data-testid="suggestion-card"]').filter({ hasText: cafe.name });
    await expect(card).toContainText('Alternative to');
    await expect(card.getByTestId('suggested-value')).toHaveText('examplebucks');
    await card.getByRole('button', { name: 'Approve & Update' }).click();
    await expectToast(page, 'Suggestion approved and business updated', 'success');

    await page.goto(`/business/${cafe.id}`);
    await expect(page.getByTestId('business-header').getByTestId('alternative-badge')).toHaveText(`Alternative to ${BRAND}`);
    expectNoPageErrors(errors);
  });

  test("typing 'examplebucks' on /browse offers its alternatives first; choosing them lists the café with its badge", async ({ page, context }) => {
    await loggedOut(context);
    await page.goto(`/browse?city=${encodeURIComponent(city)}`);
    await directoryScreen(page, 'directory');
    await page.getByRole('searchbox', { name: 'Search businesses' }).fill('examplebucks');
    const offer = page.getByTestId('brand-offers').getByRole('button').first();
    await expect(offer).toHaveText(`Alternatives to ${BRAND}`);
    await offer.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('alternative_to')).toBe('examplebucks');
    expect(new URL(page.url()).searchParams.get('search')).toBeNull();
    await expect(page.getByTestId('chip-alternativeTo')).toHaveText(/Alternative to…: Examplebucks/);
    expect(await cityRows(page, city)).toEqual([cafe.id]);
    await expect(row(page, cafe.id).getByTestId('alternative-badge')).toHaveText(`Alternative to ${BRAND}`);
  });

  test("the brand's page says why, with its source, and lists the café", async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/alternatives/examplebucks');
    await directoryScreen(page, 'brand-alternatives');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Alternatives to ${BRAND}`);
    await expect(page.getByTestId('brand-reason')).toHaveText('Named by the boycott campaign for its ties to the occupation.');
    await expect(page.getByTestId('source')).toContainText('Listed by the boycott campaign');
    await expect(row(page, cafe.id)).toBeVisible();
    await expect(row(page, deli.id)).toHaveCount(0);
  });

  test('the admin deletes the brand: its page is gone and the café no longer carries its badge', async ({ page, context }) => {
    await loggedOut(context);
    await logInAsAdmin(page);
    await page.goto('/admin?tab=brands');
    const listed = page.getByTestId('brand-list').locator('li').filter({ hasText: BRAND });
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(`Delete the brand "${BRAND}"?`);
      void dialog.accept();
    });
    await listed.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `Brand "${BRAND}" deleted`, 'success');
    await expect(listed).toHaveCount(0);
    await loggedOut(context);

    // A visitor read the brand's page before: the front door may keep that answer for its 5 seconds.
    await expect.poll(async () => (await page.request.get('/api/brands/examplebucks')).status(), { timeout: 10_000 }).toBe(404);
    await page.goto('/alternatives/examplebucks');
    await expect(page.getByTestId('brand-missing')).toContainText('Brand not found');
    await page.goto(`/business/${cafe.id}`);
    await expect(page.getByTestId('business-header')).toBeVisible();
    await expect(page.getByTestId('alternative-badge')).toHaveCount(0);
  });
});

test.describe('Palestinian products', () => {
  test("its owner says the deli stocks olive oil, with a source, and the 'Palestinian products' filter finds it", async ({ page, context }) => {
    await loggedOut(context);
    await logIn(page, member.username, member.password);
    await page.goto(`/business/${deli.id}`);
    const tags = page.getByTestId('tags-card');
    await tags.getByRole('checkbox', { name: 'Olive oil' }).check();
    await tags.getByLabel('Kind of source').selectOption('In-store sign');
    await tags.getByLabel('Quote or description').fill('Zaytoun olive oil on the shelf');
    await tags.getByRole('button', { name: 'Save products' }).click();
    await expectToast(page, 'Palestinian products saved', 'success');
    await expect(page.getByTestId('palestinian-products')).toHaveText('Olive oil');
    await logOut(page);

    await loggedOut(context);
    await page.goto(`/browse?city=${encodeURIComponent(city)}`);
    await directoryScreen(page, 'directory');
    expect((await cityRows(page, city)).sort()).toEqual([cafe.id, deli.id].sort());
    await page.getByRole('button', { name: 'More filters' }).click();
    const filter = page.getByTestId('product-filter');
    await filter.focus();
    await expect(filter.locator('option', { hasText: 'Olive oil' })).toHaveCount(1);
    await filter.selectOption({ label: 'Olive oil' });
    await expect.poll(() => new URL(page.url()).searchParams.get('palestinian_product')).toBe('olive-oil');
    expect(await cityRows(page, city)).toEqual([deli.id]);

    await page.goto(`/business/${deli.id}`);
    await expect(page.getByTestId('palestinian-products')).toHaveText('Olive oil');
    await expect(page.getByTestId('products-card').getByTestId('source')).toContainText('Zaytoun olive oil on the shelf');
    await expect(page.getByTestId('tags-card')).toHaveCount(0);
  });

  test("a photo of the deli's shelf shows them instead of a source, on the business page", async ({ page, context }) => {
    const shelf = `Dates and za'atar on the deli's shelf ${city}`;
    await loggedOut(context);
    await logIn(page, member.username, member.password);
    await page.goto(`/business/${deli.id}`);
    await page.getByRole('button', { name: 'Add a photo' }).click();
    const upload = page.getByTestId('photo-upload-form');
    await upload.getByLabel(/Photo \(JPEG, PNG or WebP/).setInputFiles({ name: 'shelf.jpg', mimeType: 'image/jpeg', buffer: JPEG_WITH_GPS });
    await upload.getByLabel(/Alt text/).fill(shelf);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expectToast(page, 'Photo uploaded: it shows here once it is processed', 'success');
    // The worker makes its sizes; the owner's form offers the photo only then.
    const tags = page.getByTestId('tags-card');
    await expect(async () => {
      await page.goto(`/business/${deli.id}`);
      await expect(tags.getByRole('radio', { name: 'A photo of this business' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    await tags.getByRole('radio', { name: 'A photo of this business' }).check();
    await tags.getByLabel('Photo that shows the products').selectOption({ label: shelf });
    await tags.getByRole('button', { name: 'Save products' }).click();
    await expectToast(page, 'Palestinian products saved', 'success');
    await logOut(page);

    await loggedOut(context);
    // A visitor read the deli's page a moment ago: the front door may keep that answer for its 5 seconds.
    await expect
      .poll(async () => (await (await page.request.get(`/api/businesses/${deli.id}`)).json()).palestinian_products.photo?.alt_text, {
        timeout: 10_000,
      })
      .toBe(shelf);
    await page.goto(`/business/${deli.id}`);
    const card = page.getByTestId('products-card');
    await expect(card.getByTestId('palestinian-products')).toHaveText('Olive oil');
    await expect(card.getByRole('img', { name: shelf })).toBeVisible();
    await expect(card.getByTestId('source')).toHaveCount(0);
  });
});
