import type { Locator, Page } from 'playwright-core';

/** /browse lists city cards; a city's businesses load when its card opens. Opens the first and answers its first row. */
export async function firstBusinessRow(page: Page): Promise<Locator> {
  const card = page.getByTestId('city-group').first();
  await card.getByRole('button').first().click();
  const row = page.getByTestId('business-row').first();
  await row.waitFor();
  return row;
}

/**
 * Every city card of the Locations view, in order, read by scrolling the page from top to bottom as a
 * visitor would (the list is virtualised: only the cards near the screen exist at any moment).
 */
export async function cityCards(page: Page): Promise<{ city: string; badge: string }[]> {
  const seen = new Map<string, string>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 2_000; step++) {
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
  await page.getByTestId('city-group').first().waitFor();
  for (let step = 0; step < 2_000 && (await card.count()) === 0; step++) {
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
