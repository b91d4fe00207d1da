// Open data: the 'Open data' page (from the landing page's footer), its two files through the front
// door (every listed business, no private field, 304 on a repeat, gzip), the OpenAPI document and the rendered reference.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, database, newMember, tag, type CreatedBusiness } from '../admin/helpers';
import { e2e } from '../support/env';
import { directoryScreen, eventually, expectNoPageErrors, loggedOut } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const db = database();
let added: CreatedBusiness;
let addedName: string;

test.beforeAll(async () => {
  const lister = await newMember('opendata');
  addedName = `Open Data Bakery ${tag()}`;
  added = await addBusiness(lister, addedName, {
    description: '=1+2 "quoted", and a second line\nhere',
    latitude: 53.8,
    longitude: -1.55,
  });
});
test.afterAll(async () => {
  await db.end();
});

test.beforeEach(async ({ context }) => {
  await loggedOut(context);
});

const listedIds = async () =>
  (
    await db.query<{ id: number }>(
      `SELECT id FROM businesses b WHERE NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved') ORDER BY id`,
    )
  ).rows.map((row) => row.id);

async function saved(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

async function openDataPage(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('footer-open-data').click();
  await directoryScreen(page, 'open-data');
  await expect(page.getByRole('heading', { name: 'Open data', level: 1 })).toBeVisible();
}

test.describe('open data', () => {
  test('the page links the licence, the attribution and both files, which hold every listed business and nothing private', async ({
    page,
    errors,
  }) => {
    // The stack's worker rebuilds every few seconds in the tests (every 30 s in production): wait for the business added above.
    await eventually(
      async () => {
        const answer = await page.request.get('/api/export/businesses.csv');
        expect(answer.status()).toBe(200);
        expect(await answer.text()).toContain(addedName);
      },
      { timeoutMs: 45_000, intervalMs: 1_000 },
    );
    await openDataPage(page);
    expect(new URL(page.url()).pathname).toBe('/open-data');
    expect(await page.getByTestId('open-data-licence').innerText()).toBe('Open Database License (ODbL) v1.0');
    expect(await page.getByTestId('open-data-attribution').innerText()).toBe(`© ${e2e.productName} contributors, ${new URL(page.url()).origin}`);

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('open-data-csv').click()]);
    expect(csvDownload.suggestedFilename()).toBe('businesses.csv');
    const records: Record<string, string>[] = parse(await saved(csvDownload), { columns: true });
    const ids = records.map((record) => Number(record.id));
    expect(ids).toEqual(await listedIds());
    const row = records.find((record) => Number(record.id) === added.id)!;
    expect(row.name).toBe(addedName);
    expect(row.description).toBe(`'=1+2 "quoted", and a second line\nhere`);
    for (const column of ['owner_id', 'report_count', 'latest_reports', 'email', 'vote_score']) expect(Object.keys(row)).not.toContain(column);

    const [geoDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('open-data-geojson').click()]);
    const collection = JSON.parse(await saved(geoDownload));
    expect(collection).toMatchObject({ type: 'FeatureCollection', license: { id: 'ODbL-1.0' } });
    expect(collection.features.map((feature: { id: number }) => feature.id)).toEqual(ids);
    const feature = collection.features.find((one: { id: number }) => one.id === added.id);
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [-1.55, 53.8] });
    expect(Object.keys(feature.properties)).not.toContain('owner_id');
    expectNoPageErrors(errors);
  });

  test('through the front door: the same ETag gzipped or not, 304 on a repeat, and the licence in a Link header', async ({ page }) => {
    for (const path of ['/api/export/businesses.csv', '/api/export/businesses.geojson']) {
      const url = new URL(path, e2e.baseUrl).toString();
      // fetch in the test (not the browser) to see the bytes as they travel.
      const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status).toBe(200);
      const etag = plain.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(plain.headers.get('link')).toContain('rel="license"');
      const plainText = await plain.text();
      // Chromium itself reads the whole gzipped file (it decodes only the first member of a multi-member gzip).
      await openDataPage(page);
      const inBrowser = await page.evaluate(async (href) => {
        const answer = await fetch(href, { cache: 'no-store' });
        return { encoding: answer.headers.get('content-encoding'), text: await answer.text() };
      }, path);
      expect(inBrowser.encoding).toBe('gzip');
      expect(inBrowser.text).toBe(plainText);
      const gzipped = await page.request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers()['content-encoding']).toBe('gzip');
      expect(gzipped.headers()['etag']).toBe(etag);
      // As a browser or a CDN revalidates (Node's fetch also sends 'Cache-Control: no-cache', a reload, which Express
      // answers in full).
      const repeat = await page.request.get(path, { headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } });
      expect(repeat.status()).toBe(304);
      const since = await page.request.get(path, { headers: { 'if-modified-since': plain.headers.get('last-modified')! } });
      expect(since.status()).toBe(304);
    }
  });

  test('links the OpenAPI document and the rendered API reference, served by the front door with nothing from elsewhere', async ({
    page,
    errors,
  }) => {
    await openDataPage(page);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(e2e.baseUrl).origin && !request.url().startsWith('data:')) outside.push(request.url());
    });
    await page.getByTestId('open-data-api-reference').click();
    expect(new URL(page.url()).pathname).toBe('/api-reference/');
    await expect(page.getByText('Open data', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('/api/export/businesses.csv').first()).toBeVisible();
    expect(outside).toEqual([]);

    await page.goBack();
    await directoryScreen(page, 'open-data');
    const href = await page.getByTestId('open-data-openapi').getAttribute('href');
    const document = await page.request.get(href!);
    const openApi = await document.json();
    expect(Object.keys(openApi.paths)).toEqual(expect.arrayContaining(['/api/export/businesses.csv', '/api/export/businesses.geojson']));
    expectNoPageErrors(errors);
  });
});
