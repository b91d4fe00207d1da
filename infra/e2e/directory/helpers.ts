// Shared steps for the directory browser tests. Each test file makes its own users
// with random names, so files never depend on each other or on test order across files.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { e2e } from '../support/env';

export { cityCard, cityCards, cityRows } from '../support/directory';

export interface TestUser {
  name: string;
  username: string;
  email: string;
  password: string;
}

export function newUser(label: string): TestUser {
  const tag = randomBytes(4).toString('hex');
  return {
    name: `E2E ${label} ${tag}`,
    username: `e2e_${label}_${tag}`.toLowerCase(),
    email: `e2e-${label}-${tag}@example.com`.toLowerCase(),
    password: `pw-${tag}-secret`,
  };
}

export const admin = { login: e2e.adminLogin, password: e2e.adminPassword };

/** Retries `check` until it stops throwing (for things the worker does in the background), as an auto-retrying assertion. */
export async function eventually<T>(
  check: () => Promise<T>,
  { timeoutMs = 20_000, intervalMs }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  let result!: T;
  await expect(async () => {
    result = await check();
  }).toPass({ timeout: timeoutMs, ...(intervalMs ? { intervals: [intervalMs] } : {}) });
  return result;
}

/** Waits for a toast with exactly this message (and kind, when given). */
export async function expectToast(page: Page, message: string, kind?: 'success' | 'error' | 'info'): Promise<Locator> {
  const selector = kind ? `[data-testid="toast"][data-kind="${kind}"]` : '[data-testid="toast"]';
  const toast = page.locator(selector).filter({ has: page.locator('.toast__message', { hasText: exact(message) }) });
  await expect(toast.first()).toBeVisible();
  return toast.first();
}

/** A RegExp matching exactly `text` (trimmed), for hasText filters. */
export function exact(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

export async function pathOf(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Fresh cookies: logged out, new CSRF token. */
export async function loggedOut(context: BrowserContext): Promise<void> {
  await context.clearCookies();
}

export async function directoryScreen(page: Page, screen: string): Promise<void> {
  await expect(page.locator(`[data-testid="directory-root"][data-screen="${screen}"]`)).toBeVisible();
}

/** On a phone the top bar's controls sit behind its menu button: opens it (nothing to do on a wider screen). */
export async function unfoldTopBar(page: Page): Promise<void> {
  const menu = page.getByTestId('nav-menu-button');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
}

/** Signs up through /login ('Create Account'); ends on /dashboard with the welcome line. */
export async function signUp(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await expect(page.getByTestId('auth-screen')).toBeVisible();
  await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
  await expect(page.locator('[data-testid="auth-screen"][data-mode="signup"]')).toBeVisible();
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await waitForPath(page, '/dashboard');
  await expect(page.getByTestId('directory-nav')).toBeVisible();
  await unfoldTopBar(page);
  await expect(page.getByTestId('welcome').filter({ hasText: `Welcome, ${user.name}` })).toBeVisible();
}

/** Signs in through /login; ends on /dashboard. */
export async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.locator('[data-testid="auth-screen"][data-mode="signin"]')).toBeVisible();
  await page.getByLabel('Email or Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await waitForPath(page, '/dashboard');
  await expect(page.getByTestId('directory-nav')).toBeVisible();
  await unfoldTopBar(page);
  await expect(page.getByTestId('welcome')).toBeVisible();
}

/** Calls the API from inside the page (same origin, session cookie and CSRF header like the app). */
export async function apiFetch<T = unknown>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const token = () => document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)?.[1];
      if (!token()) await fetch('/api/auth/me', { credentials: 'include' });
      const response = await fetch(path, {
        method: method ?? 'GET',
        credentials: 'include',
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(method && method !== 'GET' ? { 'X-XSRF-TOKEN': decodeURIComponent(token() ?? '') } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.status, body: parsed as never };
    },
    { path, method: init.method, body: init.body },
  );
}

/**
 * Every business matching `query` (e.g. '?city=York'), read the way CONTRACT.md says a client that wants
 * every match does it: pages of 500 following `Link: <...>; rel="next"` to the end. Also returns the
 * first page's X-Total-Count, which must agree. For checking the screen against the data independently
 * of the summary, city-group and map answers the screen itself uses.
 */
export async function allBusinesses<T = Record<string, unknown>>(page: Page, query = ''): Promise<{ rows: T[]; total: number }> {
  return page.evaluate(async (query) => {
    const params = new URLSearchParams(query.replace(/^\?/, ''));
    params.set('limit', '500');
    let next: string | null = `/api/businesses?${params}`;
    const rows: unknown[] = [];
    let total = -1;
    for (let pages = 0; next && pages < 1000; pages++) {
      const response: Response = await fetch(next, { credentials: 'include' });
      if (!response.ok) throw new Error(`${next}: ${response.status}`);
      if (total < 0) total = Number(response.headers.get('X-Total-Count'));
      rows.push(...((await response.json()) as unknown[]));
      const link = response.headers.get('Link')?.match(/<([^>]*)>\s*;\s*rel="?next"?/);
      next = link ? link[1] : null;
    }
    return { rows: rows as never[], total };
  }, query);
}

/** Chooses `city` in the city filter (a combobox): types its name and picks it from the list. */
export async function chooseCity(page: Page, city: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'City' });
  await box.fill(city);
  await page.getByRole('listbox', { name: 'City' }).getByRole('option', { name: city, exact: true }).click();
  await expect(page.getByTestId('chip-city').filter({ hasText: city })).toBeVisible();
}

/** Page's horizontal overflow in CSS pixels (0 means no horizontal scroll). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

export function expectNoPageErrors(errors: string[]): void {
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
}

/** A valid 8x8 PNG (red square), generated so no fixture file is needed. */
export function tinyPng(size = 8): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([200, 30, 40]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Opens a business page's History section and answers its revisions' items. */
export async function openHistory(page: Page) {
  const toggle = page.getByTestId('history').getByRole('button', { name: 'History' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('revisions')).toBeVisible();
  return page.getByTestId('revision');
}
