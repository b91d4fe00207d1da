// Fast on a phone, at 5,000 businesses (support/scale-stack.ts): the Map view draws the clusters of the
// map tiles in view, whose counts add up to the businesses on the map, a cluster click zooms in, the stat tiles
// and the 'Businesses Not on Map' box agree with the summary, and switching to the map stays within
// the bounds (bytes fetched, DOM nodes, JS heap). Map tiles never load here (no network): markers
// must not depend on them.
import type { Page, Request } from '@playwright/test';
import { expect } from '../support/test';
import { tilesCovering, type TileAddress } from '@zaytoon/contract/client';
import { countBytes, domNodeCount, jsHeapUsed } from '../support/chromium';
import { test } from '../support/scale-stack';
import { BOUNDS, openBrowse, settle, summary, type MapItem } from './helpers';

test.describe.configure({ mode: 'serial' });
test.use({ phone: true });

interface MapRequest extends TileAddress {
  path: string;
}

/** Every map tile the page asks for, in order. */
function watchMapRequests(page: Page): MapRequest[] {
  const seen: MapRequest[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    const tile = /^\/api\/businesses\/map\/(\d+)\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (tile) seen.push({ z: Number(tile[1]), x: Number(tile[2]), y: Number(tile[3]), path: url.pathname + url.search });
  });
  return seen;
}

/** The tiles of the last view: the requests since the zoom last changed. */
function lastView(requests: MapRequest[]): MapRequest[] {
  const zoom = requests.at(-1)?.z;
  let first = requests.length;
  while (first > 0 && requests[first - 1].z === zoom) first--;
  return requests.slice(first);
}

/** Markers drawn on the map: clusters carry their count as text, single businesses their name as title. */
async function markers(page: Page): Promise<{ clusters: number[]; singles: number }> {
  return page.locator('.leaflet-marker-pane').evaluate((pane) => {
    const clusters: number[] = [];
    let singles = 0;
    for (const icon of Array.from(pane.querySelectorAll('.leaflet-marker-icon'))) {
      const text = (icon.textContent ?? '').trim();
      if (/cluster/.test(icon.className) && /^[\d,]+$/.test(text)) clusters.push(Number(text.replace(/,/g, '')));
      else singles++;
    }
    return { clusters, singles };
  });
}

async function openMap(page: Page): Promise<void> {
  await openBrowse(page);
  await page.getByRole('button', { name: /Map View/ }).click();
  await expect(page.getByTestId('map-view')).toBeVisible();
  await expect(page.locator('.leaflet-marker-pane .leaflet-marker-icon').first()).toBeVisible({ timeout: 30_000 });
}

/** Waits until no map request is in flight and the markers stop changing (the same on two looks in a row). */
async function markersSettled(page: Page): Promise<{ clusters: number[]; singles: number }> {
  await settle(page);
  let last = '';
  await expect
    .poll(
      async () => {
        const previous = last;
        last = JSON.stringify(await markers(page));
        return last === previous;
      },
      { message: 'the markers stop changing', intervals: [250] },
    )
    .toBe(true);
  return JSON.parse(last);
}

/** Whether the view's tiles hold every tile of a box of degrees at their zoom. */
function covers(view: MapRequest[], [west, south, east, north]: number[]): boolean {
  if (view.length === 0) return false;
  const asked = new Set(view.map((tile) => `${tile.x}/${tile.y}`));
  return tilesCovering({ west, south, east, north }, view[0].z).every((tile) => asked.has(`${tile.x}/${tile.y}`));
}

test.describe('directory at 5,000 businesses: Map view on a phone', () => {
  test.describe.configure({ timeout: 180_000 });
  test('switching to the map fetches little and stays within the DOM and heap bounds', async ({ page, context }) => {
    const bytes = await countBytes(context, page);
    await openBrowse(page);
    await settle(page);
    const before = bytes.mark();
    await page.getByRole('button', { name: /Map View/ }).click();
    await expect(page.locator('.leaflet-marker-pane .leaflet-marker-icon').first()).toBeVisible({ timeout: 30_000 });
    await markersSettled(page);
    const fetched = bytes.since(before);
    expect(fetched.api, `API bytes fetched by the map view: ${fetched.api}`).toBeLessThan(BOUNDS.mapApiBytes);
    expect(await domNodeCount(page)).toBeLessThan(BOUNDS.domNodes);
    expect(await jsHeapUsed(bytes.cdp)).toBeLessThan(BOUNDS.heapBytes);
    await bytes.stop();
  });

  test('clusters are drawn, and with the whole UK in view their counts add up to the businesses on the map', async ({ page, scaleStack: stack }) => {
    const totals = await summary(stack);
    expect(totals.total).toBe(stack.total);
    expect(totals.on_map).toBeGreaterThan(4_000);
    expect(totals.bounds).not.toBeNull();
    const requests = watchMapRequests(page);
    await openMap(page);
    let drawn = await markersSettled(page);
    expect(drawn.clusters.length).toBeGreaterThan(0);

    // Zoom out until the map asks for tiles holding every mapped business.
    for (let i = 0; i < 4 && !covers(lastView(requests), totals.bounds!); i++) {
      const zoom = requests.at(-1)!.z;
      await page.locator('.leaflet-control-zoom-out').click();
      await expect.poll(() => requests.at(-1)!.z, { message: 'the map asks for the tiles of the zoom out' }).toBeLessThan(zoom);
      drawn = await markersSettled(page);
    }
    expect(covers(lastView(requests), totals.bounds!), `last map tiles ${JSON.stringify(lastView(requests))} vs bounds ${totals.bounds}`).toBe(true);
    const sum = drawn.clusters.reduce((a, b) => a + b, 0) + drawn.singles;
    expect(sum).toBe(totals.on_map);

    // The stat tiles: on the map, cities with mapped businesses, coverage.
    expect(Number((await page.getByTestId('stat-on-map').innerText()).replace(/,/g, ''))).toBe(totals.on_map);
    expect(Number((await page.getByTestId('stat-cities').innerText()).replace(/,/g, ''))).toBe(totals.cities_on_map);
    expect(await page.getByTestId('stat-coverage').innerText()).toBe(`${totals.coverage}%`);
  });

  test('clicking a cluster zooms the map in to where it splits', async ({ page, scaleStack: stack }) => {
    const requests = watchMapRequests(page);
    await openMap(page);
    await markersSettled(page);
    const view = lastView(requests);
    const last = { zoom: view[0].z };
    const answers = await Promise.all(view.map(async (tile) => (await (await fetch(`${stack.apiUrl}${tile.path}`)).json()) as { items: MapItem[] }));
    const clusters = answers.flatMap((answer) => answer.items).filter((item) => item.kind === 'cluster');
    const unique = (count: number) => clusters.filter((item) => item.count === count).length === 1;
    // The biggest cluster a finger can reach: on screen, not under a map control, its count unique in
    // the API's answer (so we know which cluster it is and where the API says it splits).
    await page.getByTestId('map').scrollIntoViewIfNeeded();
    const onScreen = await page.locator('.leaflet-container').evaluate((map) => {
      const box = map.getBoundingClientRect();
      return Array.from(map.querySelectorAll('.leaflet-marker-pane .leaflet-marker-icon'))
        .filter((icon) => /cluster/.test(icon.className))
        .map((icon) => {
          const rect = icon.getBoundingClientRect();
          const x = rect.left + rect.width / 2;
          const y = rect.top + rect.height / 2;
          const inside = x > box.left + 5 && x < box.right - 5 && y > box.top + 5 && y < box.bottom - 5 && y < window.innerHeight;
          const hit = inside ? document.elementFromPoint(x, y) : null;
          return { count: Number((icon.textContent ?? '').replace(/,/g, '')), x, y, reachable: hit !== null && icon.contains(hit) };
        })
        .filter((cluster) => cluster.reachable);
    });
    const target = onScreen.filter((cluster) => unique(cluster.count)).sort((a, b) => b.count - a.count)[0];
    expect(target, `no reachable cluster among ${JSON.stringify(onScreen)}`).toBeDefined();
    const cluster = clusters.find((item) => item.count === target.count)!;
    expect(cluster.expansion_zoom!).toBeGreaterThan(last.zoom);
    const seen = requests.length;
    await page.mouse.click(target.x, target.y);
    await expect.poll(() => requests.slice(seen).some((request) => request.z > last.zoom), { timeout: 15_000 }).toBe(true);
    expect(requests.at(-1)!.z).toBe(cluster.expansion_zoom);
    const drawn = await markersSettled(page);
    expect(drawn.clusters.length + drawn.singles).toBeGreaterThan(0);
  });

  test("'Businesses Not on Map' lists three, then '... and N more' with N from the summary", async ({ page, scaleStack: stack }) => {
    const totals = await summary(stack);
    expect(totals.not_on_map).toBeGreaterThan(3);
    await openMap(page);
    const box = page.getByTestId('unmapped');
    await expect(box.getByRole('heading', { name: 'Businesses Not on Map' })).toBeVisible();
    await expect(box.locator('li')).toHaveCount(3);
    const more = (await box.innerText()).match(/\.\.\. and ([\d,]+) more/);
    expect(more, await box.innerText()).not.toBeNull();
    expect(Number(more![1].replace(/,/g, ''))).toBe(totals.not_on_map - 3);
  });
});
