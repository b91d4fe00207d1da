// Steps shared by the admin browser tests. Test data is made through the API by a
// fresh member with random names, so these files depend on nothing but the seeded admin.
//
// Rate limits of the stack under test (per 15 minutes): 10 logins per account, 20 signups per IP.
// Each admin file therefore signs the admin in once (one browser context per file) and makes at
// most one or two members.
import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { ApiClient } from '../jobs/api-client';
import { logIn } from '../directory/helpers';
import { e2e } from '../support/env';

export { logIn };
export { fromOrigin, recordRequests } from '../support/browser';

export const tag = () => randomBytes(4).toString('hex');

export interface Member {
  http: ApiClient;
  id: number;
  username: string;
  name: string;
  email: string;
  password: string;
}

/** A fresh account, signed in through the API (signup logs in). */
export async function newMember(label: string): Promise<Member> {
  const t = tag();
  const user = {
    name: `E2E Admin ${label} ${t}`,
    username: `e2e_adm_${label}_${t}`.toLowerCase(),
    email: `e2e-adm-${label}-${t}@example.com`.toLowerCase(),
    password: `pw-${t}-secret`,
  };
  // Through the shell, as the panel's own requests go.
  const http = new ApiClient(e2e.baseUrl);
  const answer = await http.post('/api/auth/signup', user);
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`signup answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { http, id: answer.body.id, ...user };
}

export interface CreatedBusiness {
  id: number;
  name: string;
  description: string;
  phone: string;
}

export async function addBusiness(member: Member, name: string, extra: Record<string, unknown> = {}): Promise<CreatedBusiness> {
  return member.http.write<CreatedBusiness>('/api/businesses', {
    name,
    address: '12 Olive Grove',
    city: 'Leeds',
    postcode: 'LS1 4AP',
    category: 'Cafe',
    description: 'Added by the admin browser tests.',
    phone: '',
    ...extra,
  });
}

export const report = (member: Member, businessId: number, reason: string, description = '') =>
  member.http.write<{ id: number }>('/api/reports', { business_id: businessId, reason, description });

export const suggest = (member: Member, businessId: number, field: string, value: string, reason = '') =>
  member.http.write<{ id: number }>(`/api/businesses/${businessId}/suggestions`, { field_name: field, suggested_value: value, reason });

export const logInAsAdmin = (page: Page) => logIn(page, e2e.adminLogin, e2e.adminPassword);

/** Opens /admin (on `base`, default the stack's shell) and waits for the panel's data. */
export async function openAdmin(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/admin`);
  await expect(page.locator('[data-testid="admin-root"][data-remote="admin"]')).toBeVisible();
  await expect(page.locator('[data-testid="admin-stats"][data-loaded="true"]')).toBeVisible();
}

/** A RegExp matching exactly `text`. */
export function exact(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** Waits for a toast with exactly this message and kind. */
export async function expectToast(page: Page, message: string, kind: 'success' | 'error' | 'info' = 'success'): Promise<Locator> {
  const toast = page
    .locator(`[data-testid="toast"][data-kind="${kind}"]`)
    .filter({ has: page.locator('.toast__message', { hasText: exact(message) }) });
  await expect(toast.first()).toBeVisible();
  return toast.first();
}

export const tab = (page: Page, name: 'Reports' | 'Suggestions' | 'Businesses') =>
  page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

/** The N of a 'Reports (N)' tab. */
export async function tabCount(page: Page, name: 'Reports' | 'Suggestions' | 'Businesses'): Promise<number> {
  const text = (await tab(page, name).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? Number.NaN);
}

/** The statistics row's numbers, from its data attributes. */
export async function statNumbers(page: Page) {
  const read = async (id: string, attribute: string) => Number(await page.getByTestId(id).getAttribute(`data-${attribute}`));
  return {
    users: await read('stat-users', 'total'),
    businesses: await read('stat-businesses', 'total'),
    pendingReports: await read('stat-pending', 'reports'),
    pendingSuggestions: await read('stat-pending', 'suggestions'),
  };
}

/** The remote URLs the shell at `base` hands to the browser (GET /runtime-config.json). */
export async function runtimeConfig(base = e2e.baseUrl): Promise<{ productName: string; remotes: { directory: string; admin: string } }> {
  const response = await fetch(`${base}/runtime-config.json`);
  if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
  return response.json();
}

/** The stack's database, to see what the worker did. */
export function database(): pg.Pool {
  if (!e2e.databaseUrl) throw new Error('E2E_DATABASE_URL must point at the database of the stack under test');
  return new pg.Pool({ connectionString: e2e.databaseUrl, max: 2 });
}

/** Retries `check` until it stops throwing (an auto-retrying assertion); fails with its last error after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, intervalMs?: number): Promise<T> {
  let result!: T;
  await expect(async () => {
    result = await check();
  }).toPass({ timeout: timeoutMs, ...(intervalMs ? { intervals: [intervalMs] } : {}) });
  return result;
}

/** A card in an admin panel tab's list (the tab loads more pages until the card is there, or has none left). */
export async function cardInTab(page: Page, tab: RegExp, list: string, cardSelector: string) {
  await page.getByRole('tab', { name: tab }).click();
  const card = page.locator(cardSelector);
  const more = page.getByRole('button', { name: 'Load more' });
  for (;;) {
    await expect(page.locator(`[data-testid="${list}"][data-loading="false"]`)).toBeVisible();
    if ((await card.count()) > 0 || (await more.count()) === 0) return card;
    await more.click();
  }
}
