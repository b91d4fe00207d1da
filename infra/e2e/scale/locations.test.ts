// Fast on a phone, at 5,000 businesses (demo data + seedScaleBusinesses(5000) in its own
// database, served by its own API and shell: support/scale-stack.ts). /browse shows the real
// count, the Locations view lists every city with counts that add up to it, each city's card lists
// its businesses without a click, search updates the count, and the page stays within the bounds
// (DOM nodes, JS heap, bytes fetched).
import { expect } from '../support/test';
import { countBytes, domNodeCount, jsHeapUsed } from '../support/chromium';
import { test } from '../support/scale-stack';
import { cityCard, cityCards } from '../support/directory';
import { api, badgeCount, BOUNDS, expectCount, listTotal, openBrowse, settle, summary } from './helpers';

test.describe.configure({ mode: 'serial' });
test.use({ phone: true });

interface CityCount {
  city: string;
  count: number;
}

test.describe('directory at 5,000 businesses: Locations view on a phone', () => {
  test.describe.configure({ timeout: 180_000 });
  test('/browse shows every business (demo data + 5,000) within the bounds', async ({ page, context, scaleStack: stack }) => {
    expect(stack.total).toBeGreaterThanOrEqual(5_000);
    expect((await summary(stack)).total).toBe(stack.total);
    expect(await listTotal(stack)).toBe(stack.total);

    const bytes = await countBytes(context, page);
    const { count } = await openBrowse(page);
    expect(count).toBe(stack.total);
    await settle(page);
    const fetched = bytes.since();
    expect(fetched.api, `API bytes fetched by /browse: ${fetched.api}`).toBeLessThan(BOUNDS.browseApiBytes);
    expect(await domNodeCount(page)).toBeLessThan(BOUNDS.domNodes);
    expect(await jsHeapUsed(bytes.cdp)).toBeLessThan(BOUNDS.heapBytes);
    await bytes.stop();
  });

  test('Locations view: a card per city whose counts add up to the total, and the Location Summary', async ({ page, scaleStack: stack }) => {
    const { body } = await api<{ groups: CityCount[] }>(stack, '/api/businesses/by-city');
    const groups = body.groups;
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(stack.total);

    await openBrowse(page);
    await expect(page.getByTestId('city-group').first()).toBeVisible();
    const shown = await cityCards(page);
    expect(shown.map((card) => card.city)).toEqual(groups.map((group) => group.city));
    const counts = shown.map((card) => badgeCount(card.badge));
    expect(counts).toEqual(groups.map((group) => group.count));
    expect(counts.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBe(stack.total);

    const totals = await summary(stack);
    const box = page.getByTestId('location-summary');
    const text = (await box.innerText()).replace(/\s+/g, ' ');
    const showing = /Showing ([\d,]+) businesses across ([\d,]+) cities in the UK\./.exec(text);
    expect(showing, text).not.toBeNull();
    expect(Number(showing![1].replace(/,/g, ''))).toBe(stack.total);
    expect(Number(showing![2].replace(/,/g, ''))).toBe(groups.length);
    for (const top of totals.most_active) expect(text).toContain(top.city);
  });

  test("a city's card lists that city's businesses once the list reaches it, and the page stays within the bounds", async ({
    page,
    context,
    scaleStack: stack,
  }) => {
    const { body } = await api<{ groups: CityCount[] }>(stack, '/api/businesses/by-city');
    // The biggest city: the one a list of everything would drown in.
    const biggest = [...body.groups].sort((a, b) => b.count - a.count)[0];
    expect(biggest.count).toBeGreaterThan(50);

    const bytes = await countBytes(context, page);
    await openBrowse(page);
    await expect(page.getByTestId('city-group').first()).toBeVisible();
    // Its card at the top of the screen: the list fetches a city's rows once their places are on screen.
    await (await cityCard(page, biggest.city)).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    const rows = page.locator(`[data-city="${biggest.city.replace(/"/g, '\\"')}"] [data-testid="business-row"]`);
    await expect(rows.first()).toBeVisible();
    const shownIds = await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-business-id'))));
    expect(shownIds.length).toBeGreaterThan(0);
    expect(shownIds.length).toBeLessThanOrEqual(biggest.count);
    // The first of that city's businesses, in the list's order (the API's first page for that city).
    const first = await api<{ id: number; city: string }[]>(stack, `/api/businesses?city=${encodeURIComponent(biggest.city)}&limit=100`);
    expect(first.status).toBe(200);
    for (const row of first.body) expect(row.city.trim().toLowerCase()).toBe(biggest.city.toLowerCase());
    const ids = first.body.map((row) => row.id);
    expect(shownIds[0]).toBe(ids[0]);
    expect(shownIds).toEqual(ids.slice(0, shownIds.length));

    await settle(page);
    expect(await domNodeCount(page)).toBeLessThan(BOUNDS.domNodes);
    expect(await jsHeapUsed(bytes.cdp)).toBeLessThan(BOUNDS.heapBytes);
    expect(bytes.since().api).toBeLessThan(BOUNDS.browseApiBytes);
    await bytes.stop();
  });

  test('typing a seeded word into the search box updates the count to its matches', async ({ page, scaleStack: stack }) => {
    // A word from the names of the seeded businesses (not the demo ones) that matches some but not all.
    const { rows } = await stack.pool.query<{ name: string }>('SELECT name FROM businesses ORDER BY id DESC LIMIT 200');
    const words = [...new Set(rows.flatMap((row) => row.name.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 5))];
    let word = '';
    let expected = 0;
    for (const candidate of words) {
      const total = (await summary(stack, `?search=${encodeURIComponent(candidate)}`)).total;
      if (total > 0 && total < stack.total) {
        [word, expected] = [candidate, total];
        break;
      }
    }
    expect(word, 'no seeded word matches some businesses').not.toBe('');
    expect(await listTotal(stack, `search=${encodeURIComponent(word)}`)).toBe(expected);

    await openBrowse(page);
    await page.getByPlaceholder('Search businesses...').pressSequentially(word, { delay: 30 });
    await expectCount(page, expected);
  });
});
