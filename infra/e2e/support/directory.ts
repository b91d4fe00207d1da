import { expect, type Locator, type Page } from '@playwright/test';

/** /browse lists each city's businesses under its card, without a click: the first row shown. */
export async function firstBusinessRow(page: Page): Promise<Locator> {
  const row = page.getByTestId('business-row').first();
  await expect(row).toBeVisible();
  return row;
}

/**
 * Every city card of the Locations view, in order, read by scrolling the page from top to bottom as a
 * visitor would (the list is virtualised: only the cards and rows near the screen exist at any moment).
 */
export async function cityCards(page: Page): Promise<{ city: string; badge: string }[]> {
  const seen = new Map<string, string>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 10_000; step++) {
    const { cards, atBottom } = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const cards = Array.from(document.querySelectorAll('[data-testid="city-group"]')).map((element) => ({
        city: element.getAttribute('data-city') ?? '',
        badge: element.querySelector('[data-testid="city-count"]')?.textContent ?? '',
      }));
      const before = window.scrollY;
      window.scrollBy(0, Math.round(window.innerHeight * 0.8));
      return { cards, atBottom: window.scrollY === before };
    });
    for (const card of cards) if (!seen.has(card.city)) seen.set(card.city, card.badge);
    if (atBottom) break;
  }
  // The last screen, after the final scroll.
  const last = await page.getByTestId('city-group').evaluateAll((elements) =>
    elements.map((element) => ({
      city: element.getAttribute('data-city') ?? '',
      badge: element.querySelector('[data-testid="city-count"]')?.textContent ?? '',
    })),
  );
  for (const card of last) if (!seen.has(card.city)) seen.set(card.city, card.badge);
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...seen].map(([city, badge]) => ({ city, badge }));
}

/** The card of `city`, scrolled into the page (scrolling down from the top until it exists). */
export async function cityCard(page: Page, city: string): Promise<Locator> {
  const card = page.locator(`[data-testid="city-group"][data-city="${city.replace(/"/g, '\\"')}"]`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('city-group').first()).toBeVisible();
  for (let step = 0; step < 10_000 && (await card.count()) === 0; step++) {
    const moved = await page.evaluate(async () => {
      const before = window.scrollY;
      window.scrollBy(0, Math.round(window.innerHeight * 0.8));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY !== before;
    });
    if (!moved && (await card.count()) === 0) throw new Error(`no city card for ${city}`);
  }
  await card.scrollIntoViewIfNeeded();
  return card;
}

/**
 * The rows of `city` in the Locations view (from its card down to its last line, `data-end`), scrolling as a visitor
 * would while its pages load as the list reaches them; returns their ids in the order shown.
 */
export async function cityRows(page: Page, city: string): Promise<number[]> {
  // while new filters' cities load, the last filters' rows stay on screen (aria-busy): read the new ones
  await expect(page.locator('[data-testid="locations-view"][aria-busy="false"]')).toBeVisible();
  await cityCard(page, city);
  const inCity = `[data-city="${city.replace(/"/g, '\\"')}"]`;
  const ids: number[] = [];
  for (let step = 0; step < 5_000; step++) {
    // Rows in view still loading (the list asks for their page once the scrolling stops, then shows it): wait for
    // them, for the city's last row, or for its 'could not load' line, before reading.
    await expect
      .poll(() =>
        page.evaluate(
          (inCity) =>
            document.querySelector(`${inCity} [data-testid="business-placeholder"]`) === null ||
            document.querySelector(`${inCity}[data-end] [data-testid="business-row"]`) !== null ||
            document.querySelector(`[data-testid="city-load-failed"]${inCity}`) !== null,
          inCity,
        ),
      )
      .toBe(true);
    const { shown, failed, done } = await page.evaluate((inCity) => {
      const shown = Array.from(document.querySelectorAll(`${inCity} [data-testid="business-row"]`)).map((row) =>
        Number(row.getAttribute('data-business-id')),
      );
      const failed = document.querySelector(`[data-testid="city-load-failed"]${inCity}`) !== null;
      const done = document.querySelector(`${inCity}[data-end] [data-testid="business-row"]`) !== null;
      return { shown, failed, done };
    }, inCity);
    if (failed) throw new Error(`the rows of ${city} could not be loaded`);
    for (const id of shown) if (!ids.includes(id)) ids.push(id);
    if (done) return ids;
    await page.evaluate(async () => {
      window.scrollBy(0, Math.round(window.innerHeight * 0.6));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }
  throw new Error(`no end to the rows of ${city}`);
}
