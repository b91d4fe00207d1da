// The embeddable map: /embed renders in an iframe on another site (a node:http page on another
// origin), its links open the full directory in a new tab, /browse refuses to be framed, and /browse's 'Embed this map'
// dialog writes the snippet that other site pastes.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConsoleMessage, Frame, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { addBusiness, database, newMember, tag, type CreatedBusiness } from '../admin/helpers';
import { e2e } from '../support/env';
import { eventually, loggedOut } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const origin = new URL(e2e.baseUrl).origin;
const city = `Embedbury ${tag()}`;
let listed: CreatedBusiness[] = [];

/** The other site: serves `otherSitePage` on an origin of its own (127.0.0.1, a port of its own). */
let otherSite: Server;
let otherSiteOrigin = '';
let otherSitePage = '';

test.beforeAll(async () => {
  const lister = await newMember('embed');
  // One postcode: the worker geocodes both to the same point, which the map answers as one cluster.
  listed = [
    await addBusiness(lister, `Olive Press Cafe ${city}`, { city, postcode: 'LS1 4AP' }),
    await addBusiness(lister, `Za'atar & Co Bakery ${city}`, { city, postcode: 'LS1 4AP' }),
  ];
  otherSite = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(otherSitePage));
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherSiteOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
  expect(otherSiteOrigin).not.toBe(origin);
});

// The browser is still open here and keeps its connections to the other site alive: close() alone waits for them.
test.afterAll(
  () =>
    new Promise<void>((resolve) => {
      if (!otherSite) return resolve();
      otherSite.close(() => resolve());
      otherSite.closeAllConnections();
    }),
);

test.beforeEach(async ({ context }) => {
  await loggedOut(context);
});

const embedSrc = (query: string) => `${origin}/embed?city=${encodeURIComponent(city)}&${query}`;

/** The other site's page with `html` in its body; resolves once it and its frames have loaded. */
async function openOtherSite(page: Page, html: string): Promise<void> {
  otherSitePage = `<!doctype html><html lang="en"><head><title>Another site</title></head><body><h1>Our favourite places</h1>${html}</body></html>`;
  await page.goto(otherSiteOrigin, { waitUntil: 'load' });
}

/** The page's frame of `path` on the front door, once it is there (a lazy iframe is not waited for by the load event). */
async function frameAt(page: Page, path: string): Promise<Frame> {
  return eventually(async () => {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${origin}${path}`));
    if (!frame) throw new Error(`no frame of ${path}: ${page.frames().map((candidate) => candidate.url())}`);
    return frame;
  });
}

/** The businesses a frame of the embed lists: the link's text, address and where it opens. */
async function embedLinks(frame: Frame) {
  const links = frame.getByTestId('embed-business');
  await eventually(async () => expect(await links.count()).toBe(listed.length));
  return links.evaluateAll((anchors) =>
    (anchors as HTMLAnchorElement[]).map(({ textContent, href, target, rel }) => ({ textContent, href, target, rel })),
  );
}

async function expectListsTheCity(frame: Frame): Promise<void> {
  const links = await embedLinks(frame);
  expect(links.map((link) => link.href).sort()).toEqual(listed.map((business) => `${origin}/business/${business.id}`).sort());
  for (const link of links) {
    expect(link.target).toBe('_blank');
    expect(link.rel.split(' ')).toContain('noopener');
    expect(listed.some((business) => link.textContent?.startsWith(business.name))).toBe(true);
  }
}

test.describe('the embeddable map', () => {
  test("renders in another site's iframe, its links opening the full directory in a new tab, while /browse refuses to be framed", async ({
    page,
  }) => {
    const refusals: string[] = [];
    const onConsole = (message: ConsoleMessage) => void (message.text().includes('frame-ancestors') && refusals.push(message.text()));
    page.on('console', onConsole);
    await openOtherSite(
      page,
      `<iframe name="embed" title="Map" src="${embedSrc('view=list')}" width="600" height="600"></iframe>` +
        `<iframe name="browse" title="Directory" src="${origin}/browse" width="600" height="600"></iframe>`,
    );

    const embed = await frameAt(page, '/embed');
    await expectListsTheCity(embed);
    expect(await embed.getByTestId('embed-count').textContent()).toBe('2 businesses');
    const viewOn = embed.getByTestId('embed-view-on');
    expect(await viewOn.textContent()).toContain(`View on ${e2e.productName}`);
    await expect(viewOn).toHaveAttribute('target', '_blank');
    await expect(viewOn).toHaveAttribute('href', `${origin}/browse?city=${encodeURIComponent(city).replaceAll('%20', '+')}`);

    // Chromium shows its error page in the frame instead: the app's page (its #root) never arrives there.
    const browse = page.frame({ name: 'browse' })!;
    expect(browse.url()).not.toBe(`${origin}/browse`);
    expect(await browse.evaluate(() => document.getElementById('root') !== null).catch(() => false)).toBe(false);
    await eventually(async () => expect(refusals.join('\n')).toContain(`frame-ancestors 'none'`));
    page.off('console', onConsole);
  });

  test('follows ?lang= (Arabic: right to left)', async ({ page }) => {
    await openOtherSite(page, `<iframe title="Map" src="${embedSrc('view=list&lang=ar')}" width="600" height="600"></iframe>`);
    const embed = await frameAt(page, '/embed');
    await expectListsTheCity(embed);
    expect(await embed.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await embed.getByTestId('embed-view-on').textContent()).toContain(`عرض على ${e2e.productName}`);
  });

  test('view=map draws the server-clustered answer with Leaflet, without tiles, and a marker shows the cover and opens the business in a new tab', async ({
    page,
    context,
  }) => {
    await context.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    // Each business's cover, as the worker leaves a chosen photo (the upload itself: photos.test.ts), before any
    // read of the businesses the front door could keep.
    const db = database();
    try {
      for (const business of listed)
        await db.query(
          `INSERT INTO photos (business_id, uploader_id, alt_text, licence, state, is_cover, storage_stem, sizes)
           VALUES ($1, (SELECT min(id) FROM users), $2, 'CC BY-SA 4.0', 'ready', true, $3, '[{"width": 320, "height": 240}]')`,
          [business.id, `The front of ${business.name}`, `photos/${business.id}/${randomBytes(10).toString('hex')}`],
        );
    } finally {
      await db.end();
    }
    await eventually(
      async () => {
        const answers = await Promise.all(listed.map(async (business) => (await fetch(`${e2e.baseUrl}/api/businesses/${business.id}`)).json()));
        expect(answers.every((business: { latitude: unknown }) => typeof business.latitude === 'number')).toBe(true);
      },
      { timeoutMs: 60_000 },
    );
    await openOtherSite(page, `<iframe title="Map" src="${embedSrc('view=map')}" width="600" height="600"></iframe>`);
    const embed = await frameAt(page, '/embed');
    const cluster = embed.getByTestId('embed-cluster');
    await expect(cluster).toBeVisible();
    expect(await cluster.textContent()).toBe('2');

    await cluster.click();
    const pins = embed.locator('.embed__pin');
    await eventually(async () => expect(await pins.count()).toBe(2));
    await pins.first().click();
    const popupLink = embed.locator('.leaflet-popup').getByTestId('embed-business');
    await expect(popupLink).toBeVisible();
    await expect(popupLink).toHaveAttribute('target', '_blank');
    const href = await popupLink.getAttribute('href');
    expect(listed.map((business) => `${origin}/business/${business.id}`)).toContain(href);
    const opened = listed.find((business) => `${origin}/business/${business.id}` === href)!;
    const cover = embed.locator('.leaflet-popup').getByTestId('embed-cover');
    await expect(cover).toHaveAttribute('alt', `The front of ${opened.name}`);
    await expect(cover).toHaveAttribute('src', /-320\.webp$/);
  });

  test("/browse's 'Embed this map' writes the snippet of the current filters, copies it, and the snippet works on another site", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.goto(`/browse?city=${encodeURIComponent(city)}&category=Cafe&view=map`);
    const open = page.getByRole('button', { name: 'Embed this map' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Embed this map' });
    await expect(dialog).toBeVisible();
    const snippet = dialog.getByTestId('embed-snippet');
    const query = `city=${encodeURIComponent(city).replaceAll('%20', '+')}&amp;category=Cafe`;
    const frameTitle = `Businesses on ${e2e.productName}`;
    expect(await snippet.inputValue()).toBe(
      `<iframe src="${origin}/embed?${query}&amp;view=map" title="${frameTitle}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`,
    );

    await dialog.getByRole('radio', { name: 'List' }).check();
    const html = await snippet.inputValue();
    expect(html).toContain(`src="${origin}/embed?${query}&amp;view=list"`);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Embed this map');

    await openOtherSite(page, html);
    await expectListsTheCity(await frameAt(page, '/embed'));
  });
});
