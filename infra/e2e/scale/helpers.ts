// Steps shared by the scale browser tests: the scale stack's API read directly, the
// directory opened on a phone, and the count line read as a number.
import { expect, type Page } from '@playwright/test';
import { waitForQuietNetwork } from '../support/browser';
import { COUNT_LINE, parseCount } from '../support/chromium';
import type { ScaleStack } from '../support/scale-stack';

/** The bounds of "fast on a phone". */
export const BOUNDS = {
  domNodes: 5_000,
  heapBytes: 120 * 1024 * 1024,
  browseApiBytes: 300 * 1024,
  mapApiBytes: 150 * 1024,
};

export interface Summary {
  total: number;
  on_map: number;
  not_on_map: number;
  coverage: number;
  cities: number;
  cities_on_map: number;
  most_active: { city: string; count: number }[];
  bounds: [number, number, number, number] | null;
}

export interface MapItem {
  kind: 'cluster' | 'business';
  id: number;
  lat: number;
  lng: number;
  count?: number;
  expansion_zoom?: number;
  name?: string;
}

/** GET on the scale API (not through the browser): status, headers and the parsed body. */
export async function api<T = unknown>(stack: ScaleStack, path: string): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${stack.apiUrl}${path}`);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

export async function summary(stack: ScaleStack, query = ''): Promise<Summary> {
  const answer = await api<Summary>(stack, `/api/businesses/summary${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** X-Total-Count of the list for these filters. */
export async function listTotal(stack: ScaleStack, query = ''): Promise<number> {
  const answer = await api(stack, `/api/businesses?limit=1${query ? `&${query.replace(/^\?/, '')}` : ''}`);
  expect(answer.status).toBe(200);
  return Number(answer.headers.get('x-total-count'));
}

export const countLine = (page: Page) => page.getByTestId('business-count');

/** The number on the count line once it reads 'N businesses found' (not 'Loading...'). */
export async function shownCount(page: Page, { timeoutMs = 30_000 } = {}): Promise<number> {
  await expect(countLine(page).filter({ hasText: COUNT_LINE })).toBeVisible({ timeout: timeoutMs });
  const count = parseCount(await countLine(page).innerText());
  if (count === null) throw new Error(`count line reads "${await countLine(page).innerText()}"`);
  return count;
}

/** Waits until the count line reads exactly `expected` businesses found. */
export async function expectCount(page: Page, expected: number, { timeoutMs = 30_000 } = {}): Promise<void> {
  await expect
    .poll(async () => parseCount(await countLine(page).innerText()), {
      message: `the count line reads ${expected} businesses found`,
      timeout: timeoutMs,
    })
    .toBe(expected);
}

/** 'N business' / 'N businesses' (N may have thousands separators) as a number. */
export function badgeCount(text: string): number | null {
  const match = /^\s*([\d,]+) business(?:es)?\s*$/.exec(text);
  return match ? Number(match[1].replace(/,/g, '')) : null;
}

/** Opens /browse and waits for 'N businesses found'; returns N and how long it took. */
export async function openBrowse(page: Page, path = '/browse'): Promise<{ count: number; ms: number }> {
  const started = Date.now();
  await page.goto(path, { waitUntil: 'commit' });
  const count = await shownCount(page, { timeoutMs: 60_000 });
  return { count, ms: Date.now() - started };
}

/** Lets the page finish what it fetches (bounded: a page that never settles still gets measured). */
export async function settle(page: Page): Promise<void> {
  await waitForQuietNetwork(page).catch(() => undefined);
}
