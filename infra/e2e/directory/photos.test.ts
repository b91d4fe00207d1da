// Done-when of the photos: a member uploads a JPEG carrying GPS EXIF from the business page; once the worker has
// made its sizes the gallery shows it with its alt text and 'From the community'; the files the front door serves have
// no metadata; the owner makes it the cover and /browse's row shows its thumbnail; three members' reports hide it;
// the admin removes it from the 'Photos' tab and its files are gone from the upload folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, logInAsAdmin, newMember, tag, type CreatedBusiness, type Member } from '../admin/helpers';
import { uploadDir } from '../jobs/api-client';
import { cityRows, expectToast, logIn } from './helpers';
import { JPEG_WITH_GPS } from './fixtures/jpeg-with-gps';

test.describe.configure({ mode: 'serial' });

const run = tag();
const ALT = `Green shop front with a flag ${run}`;
let owner: Member;
let photographer: Member;
let business: CreatedBusiness;
let photoId: number;
let fileUrls: string[];

test.beforeAll(async () => {
  owner = await newMember('photo_owner');
  photographer = await newMember('photographer');
  business = await addBusiness(owner, `Olive Photo Cafe ${run}`);
});

/** The RIFF chunks of a WebP file: 'VP8 '/'VP8L'/'VP8X', and 'EXIF', 'XMP ' or 'ICCP' when it carries metadata. */
function webpChunks(bytes: Buffer): string[] {
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32LE(at + 4);
    chunks.push(bytes.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  return chunks;
}

async function openBusiness(page: Page) {
  await page.goto(`/business/${business.id}`);
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${business.id}"]`)).toBeVisible();
}

const galleryPhoto = (page: Page) => page.getByTestId('photo').filter({ has: page.getByRole('img', { name: ALT }) });

test('a member uploads a JPEG with GPS EXIF; the gallery shows it with its alt text and "From the community"', async ({ page }) => {
  await logIn(page, photographer.username, photographer.password);
  await openBusiness(page);
  await page.getByRole('button', { name: 'Add a photo' }).click();
  const form = page.getByTestId('photo-upload-form');
  await expect(form.getByText('proof of support, such as a sign or a poster')).toBeVisible();
  await expect(form.getByTestId('photo-licence')).toContainText('CC BY-SA 4.0');
  await form.getByLabel(/Photo \(JPEG, PNG or WebP/).setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: JPEG_WITH_GPS });
  await form.getByLabel(/Alt text/).fill(ALT);
  await form.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Photo uploaded: it shows here once it is processed', 'success');

  // The worker makes the sizes; the gallery lists the photo only then.
  await expect(async () => {
    await openBusiness(page);
    await expect(galleryPhoto(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(galleryPhoto(page).getByTestId('photo-source')).toHaveText('From the community');
  await expect(galleryPhoto(page)).toContainText(`Photo: ${photographer.username} · CC BY-SA 4.0`);
  const image = galleryPhoto(page).getByRole('img', { name: ALT });
  fileUrls = ((await image.getAttribute('srcset')) ?? '').split(', ').map((candidate) => candidate.split(' ')[0]);
  expect(fileUrls).toHaveLength(2);
  expect(fileUrls.every((url) => /^\/api\/uploads\/photos\/\d+\/[0-9a-f]{20}-\d+\.webp$/.test(url))).toBe(true);
  const listed = await photographer.http.get(`/api/businesses/${business.id}/photos`);
  photoId = listed.body[0].id;
});

test('the served files are WebP with no EXIF, XMP or ICC, cached as immutable', async ({ page }) => {
  for (const url of fileUrls) {
    const answer = await page.request.get(url);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/webp');
    expect(answer.headers()['cache-control']).toContain('immutable');
    const bytes = await answer.body();
    expect(webpChunks(bytes).filter((chunk) => ['EXIF', 'XMP ', 'ICCP'].includes(chunk))).toEqual([]);
    expect(bytes.includes(Buffer.from('E2ECam'))).toBe(false);
  }
});

test("the owner makes it the cover, and /browse's row shows its thumbnail", async ({ newContext }) => {
  // The tests share the member's signed-in page; the owner signs in in a browser of their own.
  const page = await (await newContext()).newPage();
  await logIn(page, owner.username, owner.password);
  await openBusiness(page);
  await galleryPhoto(page)
    .getByRole('button', { name: `Make cover: ${ALT}` })
    .click();
  await expectToast(page, 'Cover photo chosen', 'success');
  await page.goto(`/browse?search=${encodeURIComponent(business.name)}`);
  expect(await cityRows(page, 'Leeds')).toContain(business.id);
  const thumbnail = page.locator(`[data-testid="business-row"][data-business-id="${business.id}"] [data-testid="cover-thumbnail"]`);
  await expect(thumbnail).toHaveAttribute('src', fileUrls[0]);
  await expect(thumbnail).toHaveAttribute('alt', ALT);
  await expect(thumbnail).toHaveAttribute('width', '320');
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
});

test('three members report it, and it is hidden', async ({ page }) => {
  for (const reason of ['Not this shop', 'A face in the window', 'Spam']) {
    const reporter = await newMember('photo_reporter');
    await reporter.http.write(`/api/photos/${photoId}/reports`, { reason });
  }
  await openBusiness(page);
  await expect(page.getByTestId('photos')).toContainText('No photos yet.');
  // Hidden until reviewed: its files are no longer served either, though they stay in storage for the review.
  for (const url of fileUrls) expect((await page.request.get(url)).status()).toBe(404);
  expect(fileUrls.every((url) => existsSync(join(uploadDir, url.replace('/api/uploads/', ''))))).toBe(true);
});

test("the admin removes it from 'Photos', and its files are gone from storage", async ({ newContext }) => {
  const page = await (await newContext()).newPage();
  const paths = fileUrls.map((url) => join(uploadDir, url.replace('/api/uploads/', '')));
  expect(paths.every((path) => existsSync(path))).toBe(true);
  await logInAsAdmin(page);
  await page.goto('/admin?tab=photos');
  const card = page.locator(`[data-testid="admin-photo"][data-photo-id="${photoId}"]`);
  await expect(card).toContainText('Hidden by reports');
  await expect(card).toContainText('3 reports');
  await expect(card.getByTestId('uploader-record')).toContainText(photographer.username);
  await card.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Photo removed', 'success');
  await expect(card).toHaveCount(0);
  expect(paths.some((path) => existsSync(path))).toBe(false);
  expect((await page.request.get(fileUrls[0])).status()).toBe(404);
});
