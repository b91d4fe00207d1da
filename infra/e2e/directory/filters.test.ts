// SPEC §2 directory (/browse, /dashboard) as a visitor: search with debounce, category
// dropdown and city combobox, removable chips, 'N businesses found', Locations view (a card per city listing its
// businesses, a page at a time as the list reaches them) and summary, Map view (server clusters, stat tiles, unmapped box).
// The screen asks the API for small answers (summary, city groups, a city's pages, the markers in view);
// these tests check what it shows against every business, read independently by following the list's
// pages to the end. Where the visitor is (filters, view, open city, map viewport) lives in the URL.
import type { Page, Request, Route } from '@playwright/test';
import { FIRST_LOAD_MESSAGES } from '@zaytoon/contract';
import { expect, test } from '../support/test';
import { waitForQuietNetwork } from '../support/browser';
import { allBusinesses, apiFetch, chooseCity, cityCards, cityRows, directoryScreen, exact, expectNoPageErrors, loggedOut } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

interface Row {
  id: number;
  name: string;
  city: string | null;
  category: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Every matching business (all pages); the first page's X-Total-Count must agree with their number. */
async function list(page: Page, query = ''): Promise<Row[]> {
  const { rows, total } = await allBusinesses<Row>(page, query);
  expect(total).toBe(rows.length);
  return rows;
}

const cityOf = (row: Row) => row.city?.trim() || 'Unknown City';
const mapped = (row: Row) => typeof row.latitude === 'number' && typeof row.longitude === 'number';
const plural = (n: number) => (n === 1 ? '1 business' : `${n} businesses`);
const byCity = (rows: Row[]) => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(cityOf(row), (counts.get(cityOf(row)) ?? 0) + 1);
  return counts;
};

async function openDirectory(page: Page, path = '/browse'): Promise<void> {
  await page.goto(path);
  await directoryScreen(page, 'directory');
  await expect(page.getByTestId('business-count').filter({ hasText: /businesses found$/ })).toBeVisible();
}

const count = (page: Page) => page.getByTestId('business-count');
const urlParams = (page: Page) => new URL(page.url()).searchParams;

/** Every API path the page asks for (without the query). */
function watchApi(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}

test.describe('directory filters (visitor)', () => {
  test.beforeEach(async ({ context }) => {
    await loggedOut(context);
  });

  test("shows the top bar, heading, tagline and 'Loading...' before 'N businesses found'; rows without a click, never the whole list", async ({
    page,
    errors,
  }) => {
    // The front door keeps public answers a few seconds (its micro-cache): the files before this one added
    // businesses, so wait until the summary and the list it serves agree before reading either.
    await page.goto('/');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const summary = (await (await fetch('/api/businesses/summary')).json()) as { total: number };
          const listed = Number((await fetch('/api/businesses?limit=500')).headers.get('X-Total-Count'));
          return summary.total === listed;
        }),
      )
      .toBe(true);
    const asked = watchApi(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/businesses/summary**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await directoryScreen(page, 'directory');
    await expect(count(page).filter({ hasText: exact('Loading...') })).toBeVisible();
    release();
    const all = await list(page);
    await expect(count(page).filter({ hasText: exact(`${all.length} businesses found`) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Zaytoon' })).toBeVisible();
    await expect(page.getByText('Discover and support pro-Palestinian businesses across the UK')).toBeVisible();
    await expect(page.getByText('Login to add businesses')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    expect(await page.getByRole('link', { name: 'Add Business' }).count()).toBe(0);
    // default view: Locations, with a card per city and its business rows without a click
    await expect(page.getByRole('button', { name: 'Locations View' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Map View' })).toHaveAttribute('aria-pressed', 'false');
    const firstCity = await page.getByTestId('city-group').first().getAttribute('data-city');
    const firstRow = page.locator(`[data-city="${firstCity}"] [data-testid="business-row"]`).first();
    await expect(firstRow.getByRole('link', { name: 'View Details' })).toBeVisible();
    // the page asked for the summary, the city groups and a page of the cities on screen, never for the whole list
    await waitForQuietNetwork(page);
    const fromPage = asked.filter((path) => !path.includes('limit=500')); // list() above is the test's own reading
    const rowPages = fromPage.filter((path) => /^\/api\/businesses(\?|$)/.test(path)).map((path) => new URL(path, 'http://x').searchParams);
    expect(rowPages.length).toBeGreaterThan(0);
    expect(rowPages.every((params) => params.get('city') !== null && Number(params.get('limit')) <= 20)).toBe(true);
    expect(rowPages.some((params) => params.get('city') === firstCity)).toBe(true);
    expect(fromPage.some((path) => path.startsWith('/api/businesses/summary'))).toBe(true);
    expect(fromPage.some((path) => path.startsWith('/api/businesses/by-city'))).toBe(true);
    expectNoPageErrors(errors);
  });

  test("debounces the search by 300 ms, shows the 'Search: x ×' chip, keeps it in the URL, and the chip clears it", async ({ page }) => {
    await openDirectory(page);
    const all = await list(page);
    const target = all.find((row) => row.name.split(/\s+/).some((word) => /^[a-z]{6,}$/i.test(word)))!;
    const word = target.name.split(/\s+/).find((w) => /^[a-z]{6,}$/i.test(w))!;
    const expected = await list(page, `?search=${encodeURIComponent(word)}`);
    expect(expected.map((row) => row.id)).toContain(target.id);

    const searches: Array<{ at: number; path: string; search: string | null }> = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/businesses') && url.searchParams.get('limit') !== '500') {
        searches.push({ at: Date.now(), path: url.pathname, search: url.searchParams.get('search') });
      }
    };
    page.on('request', onRequest);
    const box = page.getByPlaceholder('Search businesses...');
    await box.pressSequentially(word, { delay: 40 });
    const typedAt = Date.now();
    await expect(count(page).filter({ hasText: exact(`${expected.length} businesses found`) })).toBeVisible();
    await waitForQuietNetwork(page);
    page.off('request', onRequest);
    // one round of requests for the whole word, none per keystroke, sent no sooner than 300 ms after the last key
    expect(new Set(searches.map((s) => s.search))).toEqual(new Set([word]));
    expect(searches.filter((s) => s.path === '/api/businesses/summary')).toHaveLength(1);
    expect(Math.min(...searches.map((s) => s.at)) - typedAt).toBeGreaterThanOrEqual(250);
    // the debounced search is in the URL; typing replaced the history entry instead of adding one per key
    expect(urlParams(page).get('search')).toBe(word);

    // the target's city card holds it
    const ids = await cityRows(page, cityOf(target));
    expect(ids).toContain(target.id);
    expect(ids).toEqual(expected.filter((row) => cityOf(row) === cityOf(target)).map((row) => row.id));
    await page.locator(`[data-testid="business-row"][data-business-id="${target.id}"]`).scrollIntoViewIfNeeded();

    const chip = page.getByTestId('chip-search');
    await chip.scrollIntoViewIfNeeded();
    expect((await chip.innerText()).replace(/\s+/g, ' ').trim()).toBe(`Search: ${word} ×`);
    await chip.click();
    await expect(chip).not.toBeAttached();
    expect(await box.inputValue()).toBe('');
    await expect(count(page).filter({ hasText: exact(`${all.length} businesses found`) })).toBeVisible();
    expect(urlParams(page).get('search')).toBeNull();
  });

  test("filters by category and city from the server's lists, with removable chips", async ({ page }) => {
    await openDirectory(page);
    const categories = (await apiFetch<{ categories: string[] }>(page, '/api/categories')).body.categories;
    const cities = (await apiFetch<{ cities: string[] }>(page, '/api/cities')).body.cities;
    const categorySelect = page.getByLabel('Category', { exact: true });
    const cityBox = page.getByRole('combobox', { name: 'City' });
    expect(await categorySelect.locator('option').allInnerTexts()).toEqual(['All Categories', ...categories]);
    // the city list: 'All Cities' and the first 50 of the server's cities, then what typing narrows it to. The front
    // door shares the list's answer for a few seconds (PUBLIC_ANSWER_CACHING): cities an earlier test added just now
    // reach the list's own URL once that answer is renewed.
    const listUrl = `/api/cities?limit=50`;
    await expect.poll(async () => (await apiFetch<{ cities: string[] }>(page, listUrl)).body.cities).toEqual(cities.slice(0, 50));
    await cityBox.click();
    const cityOptions = page.getByRole('listbox', { name: 'City' }).getByRole('option');
    await expect.poll(() => cityOptions.count()).toBe(1 + Math.min(50, cities.length));
    expect(await cityOptions.allInnerTexts()).toEqual(['All Cities', ...cities.slice(0, 50)]);
    await cityBox.press('Escape');

    const category = 'Cafe';
    const city = 'London';
    const inCategory = await list(page, `?category=${encodeURIComponent(category)}`);
    const inBoth = await list(page, `?category=${encodeURIComponent(category)}&city=${encodeURIComponent(city)}`);
    const inCity = await list(page, `?city=${encodeURIComponent(city)}`);
    expect(inBoth.length).toBeGreaterThan(0);
    expect(inBoth.length).toBeLessThan(inCategory.length);

    await categorySelect.selectOption(category);
    await expect(count(page).filter({ hasText: exact(`${inCategory.length} businesses found`) })).toBeVisible();
    expect(urlParams(page).get('category')).toBe(category);
    // the category's cities, with its counts; every row of an opened city is in the category
    const cards = await cityCards(page);
    expect(cards).toEqual([...byCity(inCategory)].sort(sortCities).map(([name, n]) => ({ city: name, badge: plural(n) })));
    const firstCity = cards[0].city;
    const ids = await cityRows(page, firstCity);
    expect(ids).toEqual(inCategory.filter((row) => cityOf(row) === firstCity).map((row) => row.id));
    const badges = await page.getByTestId('business-row').getByTestId('business-category').allInnerTexts();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set([category]));

    await chooseCity(page, city);
    await expect(count(page).filter({ hasText: exact(`${inBoth.length} businesses found`) })).toBeVisible();
    const groups = page.getByTestId('city-group');
    await expect.poll(() => groups.count()).toBe(1);
    await expect(groups.first()).toHaveAttribute('data-city', city);
    expect(await groups.first().getByTestId('city-count').innerText()).toBe(plural(inBoth.length));
    const londonIds = await cityRows(page, city);
    expect(londonIds).toEqual(inBoth.map((row) => row.id));
    expect(new Set(await page.getByTestId('business-row').getByTestId('business-category').allInnerTexts())).toEqual(new Set([category]));

    const categoryChip = page.getByTestId('chip-category');
    const cityChip = page.getByTestId('chip-city');
    await categoryChip.scrollIntoViewIfNeeded();
    expect((await categoryChip.innerText()).replace(/\s+/g, ' ').trim()).toBe(`Category: ${category} ×`);
    expect((await cityChip.innerText()).replace(/\s+/g, ' ').trim()).toBe(`City: ${city} ×`);

    await categoryChip.click();
    await expect(count(page).filter({ hasText: exact(`${inCity.length} businesses found`) })).toBeVisible();
    expect(await categorySelect.inputValue()).toBe('all');
    await expect(cityChip).toBeVisible();
    await cityChip.click();
    const all = await list(page);
    await expect(count(page).filter({ hasText: exact(`${all.length} businesses found`) })).toBeVisible();
    expect(await cityBox.inputValue()).toBe('');
    expect(await page.locator('[data-testid^="chip-"]').count()).toBe(0);
    expect(urlParams(page).get('category')).toBeNull();
    expect(urlParams(page).get('city')).toBeNull();
  });

  test("shows the empty state: 'No businesses found'", async ({ page }) => {
    await openDirectory(page);
    await page.getByPlaceholder('Search businesses...').fill('qqqxxzzjj');
    await expect(count(page).filter({ hasText: exact('0 businesses found') })).toBeVisible();
    const empty = page.getByTestId('directory-empty');
    await expect(empty.getByRole('heading', { name: 'No businesses found' })).toBeVisible();
    await expect(empty.getByText('Try adjusting your search filters to find businesses in different areas.')).toBeVisible();
    expect(await page.getByTestId('location-summary').count()).toBe(0);
    expect(await page.getByTestId('city-group').count()).toBe(0);
  });

  for (const [what, fail] of [
    [
      'the server fails (503)',
      (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Service temporarily unavailable"}' }),
    ],
    ['the network fails', (route: Route) => route.abort('internetdisconnected')],
  ] as const) {
    test(`when ${what}: 'Could not load businesses' and Try again, never 'No businesses found'`, async ({ page, errors }) => {
      const down = (route: Route) => fail(route);
      await page.route('**/api/businesses/summary**', down);
      await page.route('**/api/businesses/by-city**', down);
      await page.goto('/browse');
      await directoryScreen(page, 'directory');
      const failed = page.getByTestId('directory-load-failed');
      await expect(failed).toBeVisible();
      await expect(failed).toHaveAttribute('role', 'alert');
      expect((await failed.innerText()).trim()).toContain(FIRST_LOAD_MESSAGES.directoryLoadFailed);
      expect(await page.getByTestId('directory-empty').count()).toBe(0);
      expect(await count(page).innerText()).not.toMatch(/businesses found/);

      await page.unroute('**/api/businesses/summary**', down);
      await page.unroute('**/api/businesses/by-city**', down);
      await failed.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByTestId('city-group').first()).toBeVisible();
      const all = await list(page);
      await expect(count(page).filter({ hasText: exact(`${all.length} businesses found`) })).toBeVisible();
      expect(await failed.count()).toBe(0);
      expectNoPageErrors(errors);
    });
  }

  test("a card per city with 'N businesses' badges and a 'Location Summary'; each card lists its businesses; Back returns to them", async ({
    page,
  }) => {
    await openDirectory(page);
    const all = await list(page);
    const counts = byCity(all);

    // every city, A-Z with 'Unknown City' last, each with its count
    const shown = await cityCards(page);
    expect(shown).toEqual([...counts].sort(sortCities).map(([city, n]) => ({ city, badge: plural(n) })));

    const summary = page.getByTestId('location-summary');
    await summary.scrollIntoViewIfNeeded();
    await expect(summary.getByRole('heading', { name: 'Location Summary' })).toBeVisible();
    expect(await summary.innerText()).toContain(`Showing ${all.length} businesses across ${counts.size} cities in the UK.`);
    await expect(summary.getByText('Most active cities')).toBeVisible();
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en-GB')).slice(0, 3);
    const items = await summary.locator('li').allInnerTexts();
    expect(items).toHaveLength(3);
    items.forEach((item, i) => {
      expect(item).toContain(top[i][0]);
      expect(item).toContain(String(top[i][1]));
    });

    // the busiest city: its card lists every one of its businesses, in the list's order (name)
    const [busiest] = top[0];
    const ids = await cityRows(page, busiest);
    expect(ids).toEqual(all.filter((row) => cityOf(row) === busiest).map((row) => row.id));

    // The row is pinned by its id: `.first()` of a virtualised list names whichever row is rendered first, which
    // changes as the list scrolls the row into view.
    const rowId = await page.locator(`[data-city="${busiest}"] [data-testid="business-row"]`).first().getAttribute('data-business-id');
    const row = page.locator(`[data-testid="business-row"][data-business-id="${rowId}"]`);
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(new RegExp(`/business/${rowId}$`));
    await expect(page.getByTestId('business-detail')).toBeVisible();

    // Back: scrolled to the same row
    await page.goBack();
    await directoryScreen(page, 'directory');
    await expect(row).toBeVisible();
    await expect
      .poll(() =>
        row.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        }),
      )
      .toBe(true);
  });

  test('a copied link restores the filters and the view, and scrolls to the city it names', async ({ page, context }) => {
    await openDirectory(page);
    const inCity = await list(page, '?city=York');
    expect(inCity.length).toBeGreaterThan(0);
    await page.goto('/browse?search=&category=all&city=York&open=York');
    await expect(count(page).filter({ hasText: exact(`${inCity.length} businesses found`) })).toBeVisible();
    expect(await page.getByRole('combobox', { name: 'City' }).inputValue()).toBe('York');
    expect((await page.getByTestId('chip-city').innerText()).replace(/\s+/g, ' ').trim()).toBe('City: York ×');
    await expect(page.locator('[data-testid="city-group"][data-city="York"]')).toBeVisible();
    await expect(page.locator('[data-city="York"] [data-testid="business-row"]').first()).toBeVisible();

    const other = await context.newPage();
    try {
      await other.goto('/browse?city=York&view=map');
      await expect(other.getByTestId('map-view')).toBeVisible();
      await expect(other.getByRole('button', { name: 'Map View' })).toHaveAttribute('aria-pressed', 'true');
      await expect(other.getByTestId('stat-on-map').filter({ hasText: exact(String(inCity.filter(mapped).length)) })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("Map view: 500px map, server clusters without tiles, stat tiles, 'Businesses Not on Map', viewport in the URL", async ({
    page,
    context,
    errors,
  }) => {
    // No network to the tile server in tests: tiles fail, markers must not depend on them.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await openDirectory(page);
    const all = await list(page);
    const onMap = all.filter(mapped);
    const unmapped = all.filter((row) => !mapped(row));
    expect(unmapped.length).toBeGreaterThan(3);

    // The zoom of each map tile the page asks for, in order.
    const tileZooms: number[] = [];
    page.on('request', (request) => {
      const tile = /^\/api\/businesses\/map\/(\d+)\/\d+\/\d+$/.exec(new URL(request.url()).pathname);
      if (tile) tileZooms.push(Number(tile[1]));
    });
    await page.getByRole('button', { name: 'Map View' }).click();
    // The map's code loads on this click; the view switches once it is in.
    const map = page.getByTestId('map');
    await expect(map).toBeVisible();
    await expect(page.getByRole('button', { name: 'Map View' })).toHaveAttribute('aria-pressed', 'true');
    expect(urlParams(page).get('view')).toBe('map');
    expect(Math.round((await map.boundingBox())!.height)).toBe(500);
    expect(await page.getByTestId('location-summary').count()).toBe(0);

    await expect(page.getByTestId('stat-on-map').filter({ hasText: exact(String(onMap.length)) })).toBeVisible();
    expect(await page.getByTestId('stat-cities').innerText()).toBe(String(new Set(onMap.map(cityOf)).size));
    expect(await page.getByTestId('stat-coverage').innerText()).toBe(`${Math.round((onMap.length / all.length) * 100)}%`);

    const box = page.getByTestId('unmapped');
    await expect(box.getByRole('heading', { name: 'Businesses Not on Map' })).toBeVisible();
    const listed = await box.locator('li').allInnerTexts();
    expect(listed).toEqual(unmapped.slice(0, 3).map((row) => `${row.name} (${cityOf(row)})`));
    expect(await box.innerText()).toContain(`... and ${unmapped.length - 3} more`);

    // At zoom 6 the UK is clusters; their counts add up to the mapped businesses in view
    // (a 500px band around 54.70, -3.28: roughly latitudes 51.5 to 57.9).
    const clusters = page.locator('.leaflet-marker-icon').filter({ has: page.getByTestId('map-cluster') });
    await expect(clusters.first()).toBeVisible();
    await waitForQuietNetwork(page);
    const clustered = (await clusters.allInnerTexts()).reduce((sum, text) => sum + Number(text), 0);
    const single = await page.locator('img.leaflet-marker-icon').count();
    const surelyInView = onMap.filter((row) => row.latitude! > 51.8 && row.latitude! < 57.6).length;
    expect(clustered + single).toBeGreaterThanOrEqual(surelyInView);
    expect(clustered + single).toBeLessThanOrEqual(onMap.length);

    // Narrow to one city (inside the default view): the map frames it; clicking clusters zooms in
    // until single markers show, and their icon images load.
    await chooseCity(page, 'York');
    const york = (await list(page, '?city=York')).filter(mapped);
    expect(york.length).toBeGreaterThan(1);
    await expect(page.getByTestId('stat-on-map').filter({ hasText: exact(String(york.length)) })).toBeVisible();
    await expect.poll(() => Number(urlParams(page).get('zoom') ?? 0)).toBeGreaterThan(6);
    for (let i = 0; i < 6 && (await page.locator('img.leaflet-marker-icon').count()) === 0; i++) {
      const zoomBefore = Number(urlParams(page).get('zoom') ?? 0);
      await page
        .locator('.leaflet-marker-icon')
        .filter({ has: page.getByTestId('map-cluster') })
        .first()
        .click();
      // The cluster's click zooms the map in (and the URL says so).
      await expect.poll(() => Number(urlParams(page).get('zoom') ?? 0)).toBeGreaterThan(zoomBefore);
    }
    await page.waitForFunction(() => {
      const marker = document.querySelector<HTMLImageElement>('img.leaflet-marker-icon');
      return marker !== null && marker.complete && marker.naturalWidth > 0;
    });
    const marker = page.locator('img.leaflet-marker-icon').first();
    const title = await marker.getAttribute('title');
    expect(york.map((row) => row.name)).toContain(title);
    await marker.click();
    const popup = page.getByTestId('map-popup');
    await expect(popup).toBeVisible();
    expect(await popup.getByRole('heading').innerText()).toBe(title);
    expect(await popup.innerText()).toContain('York');
    await expect(popup.getByRole('link', { name: 'View Full Details' })).toHaveAttribute('href', /^\/business\/\d+$/);

    // The viewport is in the URL: the same link in another tab shows the same place. The URL has caught up with
    // the map once it names the zoom of the tiles the map last asked for.
    await expect.poll(() => Number(urlParams(page).get('zoom'))).toBe(tileZooms.at(-1));
    const params = urlParams(page);
    expect(params.get('city')).toBe('York');
    const zoom = Number(params.get('zoom'));
    expect(zoom).toBeGreaterThan(6);
    const other = await context.newPage();
    try {
      const seen: number[] = [];
      other.on('request', (request) => {
        const url = new URL(request.url());
        const tile = /^\/api\/businesses\/map\/(\d+)\/\d+\/\d+$/.exec(url.pathname);
        if (tile) seen.push(Number(tile[1]));
      });
      await other.goto(page.url());
      await expect(other.getByTestId('map-view')).toBeVisible();
      await expect(other.locator('.leaflet-marker-icon').first()).toBeVisible();
      expect(seen[0]).toBe(zoom);
      expect(await other.locator('img.leaflet-marker-icon').count()).toBeGreaterThan(0);
    } finally {
      await other.close();
    }

    // Back to Locations.
    await page.getByRole('button', { name: 'Locations View' }).click();
    await expect(page.getByTestId('location-summary')).toBeVisible();
    expect(await page.getByTestId('map').count()).toBe(0);
    expectNoPageErrors(errors);
  });
});

/** Cities A-Z ('en-GB'), 'Unknown City' last: the Locations view's order. */
function sortCities([a]: [string, number], [b]: [string, number]): number {
  if (a === 'Unknown City' || b === 'Unknown City') return Number(a === 'Unknown City') - Number(b === 'Unknown City');
  return a.localeCompare(b, 'en-GB');
}
