import type { Locator, Page } from 'playwright-core';

/** /browse lists city cards; a city's businesses load when its card opens. Opens the first and answers its first row. */
export async function firstBusinessRow(page: Page): Promise<Locator> {
  const card = page.getByTestId('city-group').first();
  await card.getByRole('button').first().click();
  const row = page.getByTestId('business-row').first();
  await row.waitFor();
  return row;
}
