// Issue #5, SPEC §2 directory (/browse, /dashboard) as a visitor: search with debounce, category and
// city dropdowns, removable chips, 'N businesses found', Locations view and summary, Map view.
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { apiFetch, directoryScreen, exact, expectNoPageErrors, loggedOut } from './helpers';

const browser = useBrowser();

interface Row {
  id: number;
  name: string;
  city: string | null;
  category: string | null;
  latitude: number | null;
  longitude: number | null;
}

async function list(page: Page, query = ''): Promise<Row[]> {
  const answer = await apiFetch<Row[]>(page, `/api/businesses${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const cityOf = (row: Row) => row.city?.trim() || 'Unknown City';
const mapped = (row: Row) => typeof row.latitude === 'number' && typeof row.longitude === 'number';
const plural = (n: number) => (n === 1 ? '1 business' : `${n} businesses`);

async function openDirectory(page: Page, path = '/browse'): Promise<void> {
  await page.goto(path);
  await directoryScreen(page, 'directory');
  await page.getByTestId('business-count').filter({ hasText: /businesses found$/ }).waitFor();
}

const count = (page: Page) => page.getByTestId('business-count');

describe('directory filters (visitor)', () => {
  beforeEach(async () => {
    await loggedOut(browser.context);
  });

  it("shows the top bar, heading, tagline and 'Loading...' before 'N businesses found'", async () => {
    const { page } = browser;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/businesses?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/businesses', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await directoryScreen(page, 'directory');
    await count(page).filter({ hasText: exact('Loading...') }).waitFor();
    release();
    const all = await list(page);
    await count(page).filter({ hasText: exact(`${all.length} businesses found`) }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Zaytoon' }).waitFor();
    await page.getByText('Discover and support pro-Palestinian businesses across the UK').waitFor();
    await page.getByText('Login to add businesses').waitFor();
    expect(await page.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('link', { name: 'Add Business' }).count()).toBe(0);
    // default view: Locations
    expect(await page.getByRole('button', { name: 'Locations View' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Map View' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('business-row').count()).toBe(all.length);
    expectNoPageErrors(browser.errors);
  });

  it("debounces the search by 300 ms, shows the 'Search: x ×' chip, and the chip clears it", async () => {
    const { page } = browser;
    await openDirectory(page);
    const all = await list(page);
    const target = all.find((row) => row.name.split(/\s+/).some((word) => /^[a-z]{6,}$/i.test(word)))!;
    const word = target.name.split(/\s+/).find((w) => /^[a-z]{6,}$/i.test(w))!;
    const expected = await list(page, `?search=${encodeURIComponent(word)}`);

    const searches: Array<{ at: number; search: string | null }> = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/businesses') searches.push({ at: Date.now(), search: url.searchParams.get('search') });
    };
    page.on('request', onRequest);
    const box = page.getByPlaceholder('Search businesses...');
    await box.pressSequentially(word, { delay: 40 });
    const typedAt = Date.now();
    await count(page).filter({ hasText: exact(`${expected.length} businesses found`) }).waitFor();
    page.off('request', onRequest);
    // one request for the whole word, none per keystroke, sent no sooner than 300 ms after the last key
    expect(searches.map((s) => s.search)).toEqual([word]);
    expect(searches[0].at - typedAt).toBeGreaterThanOrEqual(250);
    await page.getByTestId('business-row').filter({ hasText: target.name }).first().waitFor();

    const chip = page.getByTestId('chip-search');
    expect((await chip.innerText()).replace(/\s+/g, ' ').trim()).toBe(`Search: ${word} ×`);
    await chip.click();
    await chip.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('');
    await count(page).filter({ hasText: exact(`${all.length} businesses found`) }).waitFor();
  });

  it("filters by category and city from the server's lists, with removable chips", async () => {
    const { page } = browser;
    await openDirectory(page);
    const categories = (await apiFetch<{ categories: string[] }>(page, '/api/categories')).body.categories;
    const cities = (await apiFetch<{ cities: string[] }>(page, '/api/cities')).body.cities;
    const categorySelect = page.getByLabel('Category');
    const citySelect = page.getByLabel('City');
    expect(await categorySelect.locator('option').allInnerTexts()).toEqual(['All Categories', ...categories]);
    expect(await citySelect.locator('option').allInnerTexts()).toEqual(['All Cities', ...cities]);

    const category = 'Cafe';
    const city = 'London';
    const byCategory = await list(page, `?category=${encodeURIComponent(category)}`);
    const byBoth = await list(page, `?category=${encodeURIComponent(category)}&city=${encodeURIComponent(city)}`);
    const byCity = await list(page, `?city=${encodeURIComponent(city)}`);
    expect(byBoth.length).toBeGreaterThan(0);
    expect(byBoth.length).toBeLessThan(byCategory.length);

    await categorySelect.selectOption(category);
    await count(page).filter({ hasText: exact(`${byCategory.length} businesses found`) }).waitFor();
    const badges = await page.getByTestId('business-row').locator('.zd-badge--green').allInnerTexts();
    expect(badges.length).toBe(byCategory.length);
    expect(new Set(badges)).toEqual(new Set([category]));

    await citySelect.selectOption(city);
    await count(page).filter({ hasText: exact(`${byBoth.length} businesses found`) }).waitFor();
    const groups = page.getByTestId('city-group');
    expect(await groups.count()).toBe(1);
    expect(await groups.first().getAttribute('data-city')).toBe(city);
    expect(await groups.first().getByTestId('city-count').innerText()).toBe(plural(byBoth.length));

    const categoryChip = page.getByTestId('chip-category');
    const cityChip = page.getByTestId('chip-city');
    expect((await categoryChip.innerText()).replace(/\s+/g, ' ').trim()).toBe(`Category: ${category} ×`);
    expect((await cityChip.innerText()).replace(/\s+/g, ' ').trim()).toBe(`City: ${city} ×`);

    await categoryChip.click();
    await count(page).filter({ hasText: exact(`${byCity.length} businesses found`) }).waitFor();
    expect(await categorySelect.inputValue()).toBe('all');
    expect(await cityChip.isVisible()).toBe(true);
    await cityChip.click();
    const all = await list(page);
    await count(page).filter({ hasText: exact(`${all.length} businesses found`) }).waitFor();
    expect(await citySelect.inputValue()).toBe('all');
    expect(await page.locator('[data-testid^="chip-"]').count()).toBe(0);
  });

  it("shows the empty state: 'No businesses found'", async () => {
    const { page } = browser;
    await openDirectory(page);
    await page.getByPlaceholder('Search businesses...').fill('qqqxxzzjj');
    await count(page).filter({ hasText: exact('0 businesses found') }).waitFor();
    const empty = page.getByTestId('directory-empty');
    await empty.getByRole('heading', { name: 'No businesses found' }).waitFor();
    await empty.getByText('Try adjusting your search filters to find businesses in different areas.').waitFor();
    expect(await page.getByTestId('location-summary').count()).toBe(0);
  });

  it("groups by city with 'N businesses' badges and a 'Location Summary'", async () => {
    const { page } = browser;
    await openDirectory(page);
    const all = await list(page);
    const counts = new Map<string, number>();
    for (const row of all) counts.set(cityOf(row), (counts.get(cityOf(row)) ?? 0) + 1);

    const groups = page.getByTestId('city-group');
    expect(await groups.count()).toBe(counts.size);
    const shown = await groups.evaluateAll((els) =>
      els.map((el) => [el.getAttribute('data-city') ?? '', el.querySelector('[data-testid="city-count"]')?.textContent ?? '']),
    );
    for (const [city, badge] of shown) expect(badge).toBe(plural(counts.get(city) ?? -1));
    const names = shown.map(([city]) => city).filter((city) => city !== 'Unknown City');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));

    const row = page.getByTestId('business-row').first();
    await row.getByRole('link', { name: 'View Details' }).waitFor();

    const summary = page.getByTestId('location-summary');
    await summary.getByRole('heading', { name: 'Location Summary' }).waitFor();
    expect(await summary.innerText()).toContain(`Showing ${all.length} businesses across ${counts.size} cities in the UK.`);
    await summary.getByText('Most active cities').waitFor();
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en-GB')).slice(0, 3);
    const items = await summary.locator('li').allInnerTexts();
    expect(items).toHaveLength(3);
    items.forEach((item, i) => {
      expect(item).toContain(top[i][0]);
      expect(item).toContain(String(top[i][1]));
    });

    await row.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/business\/\d+$/);
    await page.getByTestId('business-detail').waitFor();
  });

  it("Map view: 500px map, markers and clusters without tiles, stat tiles, 'Businesses Not on Map'", async () => {
    const { page } = browser;
    // No network to the tile server in tests: tiles fail, markers must not depend on them.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await openDirectory(page);
    const all = await list(page);
    const onMap = all.filter(mapped);
    const unmapped = all.filter((row) => !mapped(row));
    expect(unmapped.length).toBeGreaterThan(3);

    await page.getByRole('button', { name: 'Map View' }).click();
    expect(await page.getByRole('button', { name: 'Map View' }).getAttribute('aria-pressed')).toBe('true');
    const map = page.getByTestId('map');
    await map.waitFor();
    expect(Math.round((await map.boundingBox())!.height)).toBe(500);
    expect(await page.getByTestId('location-summary').count()).toBe(0);

    expect(await page.getByTestId('stat-on-map').innerText()).toBe(String(onMap.length));
    expect(await page.getByTestId('stat-cities').innerText()).toBe(String(new Set(onMap.map(cityOf)).size));
    expect(await page.getByTestId('stat-coverage').innerText()).toBe(`${Math.round((onMap.length / all.length) * 100)}%`);

    const box = page.getByTestId('unmapped');
    await box.getByRole('heading', { name: 'Businesses Not on Map' }).waitFor();
    const listed = await box.locator('li').allInnerTexts();
    expect(listed).toEqual(unmapped.slice(0, 3).map((row) => `${row.name} (${cityOf(row)})`));
    expect(await box.innerText()).toContain(`... and ${unmapped.length - 3} more`);

    // At zoom 6 the UK is clusters; their counts add up to the mapped businesses in view
    // (a 500px band around 54.70, -3.28: roughly latitudes 51.5 to 57.9).
    const clusters = page.locator('.leaflet-marker-icon.zd-cluster');
    await clusters.first().waitFor();
    const clustered = (await clusters.allInnerTexts()).reduce((sum, text) => sum + Number(text), 0);
    const single = await page.locator('img.leaflet-marker-icon').count();
    const surelyInView = onMap.filter((row) => row.latitude! > 51.8 && row.latitude! < 57.6).length;
    expect(clustered + single).toBeGreaterThanOrEqual(surelyInView);
    expect(clustered + single).toBeLessThanOrEqual(onMap.length);

    // Narrow to one city (inside the default view): its businesses form a cluster; clicking
    // clusters zooms in until single markers show, and their icon images load.
    await page.getByLabel('City').selectOption('York');
    const york = (await list(page, '?city=York')).filter(mapped);
    expect(york.length).toBeGreaterThan(1);
    await page.getByTestId('stat-on-map').filter({ hasText: exact(String(york.length)) }).waitFor();
    for (let i = 0; i < 6 && (await page.locator('img.leaflet-marker-icon').count()) === 0; i++) {
      await page.locator('.leaflet-marker-icon.zd-cluster').first().click();
      await page.waitForTimeout(600);
    }
    await page.waitForFunction(() => {
      const marker = document.querySelector<HTMLImageElement>('img.leaflet-marker-icon');
      return marker !== null && marker.complete && marker.naturalWidth > 0;
    });
    const marker = page.locator('img.leaflet-marker-icon').first();
    await marker.click();
    const popup = page.getByTestId('map-popup');
    await popup.waitFor();
    expect(york.map((row) => row.name)).toContain(await popup.getByRole('heading').innerText());
    expect(await popup.getByRole('link', { name: 'View Full Details' }).getAttribute('href')).toMatch(/^\/business\/\d+$/);

    // Back to Locations.
    await page.getByRole('button', { name: 'Locations View' }).click();
    await page.getByTestId('location-summary').waitFor();
    expect(await page.getByTestId('map').count()).toBe(0);
    expectNoPageErrors(browser.errors);
  });
});
