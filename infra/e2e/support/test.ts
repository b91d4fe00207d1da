// The browser tests' `test`: Playwright Test with the house's fixtures.
//  - `context`: one browser context per test file, shared by its tests in order (a file signs a member up once, then
//    acts as them), made with the file's `test.use` options (phone, locale, serviceWorkers, storageState, persistent); each test
//    gets a fresh `page` in it, closed after the test.
//  - `errors`: the uncaught page errors and console errors of the test's page, attached to a failed test's report.
//  - `newContext`: another browser context with the same settings (a second visitor, another language), closed after
//    the test.
//  - `mailbox`: the dev mail catcher of the stack under test.
// Files whose tests build on each other run in serial mode (`test.describe.configure({ mode: 'serial' })`), so a
// failure skips the rest of the file instead of running it without the state it needs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { PHONE } from './chromium';
import { clearMail, listMail, type Mail } from './mailbox';
import { e2e } from './env';

export { expect };

/** What the tests' contexts are made with: `baseURL` makes `page.goto('/browse')` work. */
export function contextOptions(
  options: {
    baseURL?: string;
    phone?: boolean;
    locale?: string;
    serviceWorkers?: 'allow' | 'block';
    storageState?: BrowserContextOptions['storageState'];
  } = {},
): BrowserContextOptions {
  return {
    // Named even when empty: Playwright Test fills every option a context is made without from the file's `test.use`.
    storageState: options.storageState,
    baseURL: options.baseURL ?? e2e.baseUrl,
    ...(options.phone ? PHONE : { viewport: { width: 1280, height: 900 } }),
    ...(options.locale ? { locale: options.locale } : {}),
    // The front door's service worker runs only where a test asks for it ('allow'): a page it controls reads its
    // requests through the worker, which `page.route` (the tests' stand-ins for a failing API) does not see.
    serviceWorkers: options.serviceWorkers ?? 'block',
  };
}

/** Playwright's default for actions and auto-waiting assertions is 5 s; the shared test machine needs more. */
const DEFAULT_TIMEOUT_MS = 15_000;

export async function openContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
  return context;
}

/** The dev mail catcher of the stack under test. */
export class Mailbox {
  constructor(readonly url = e2e.mailboxUrl) {}

  /** Every mail (to `to` when given), newest first. */
  list(to?: string): Promise<Mail[]> {
    return listMail(to, this.url);
  }

  clear(): Promise<void> {
    return clearMail(this.url);
  }

  /** The newest mail to `to` (matching `subject` when given), once one has arrived. */
  async waitFor(to: string, { subject, timeoutMs = 15_000 }: { subject?: RegExp; timeoutMs?: number } = {}): Promise<Mail> {
    let found: Mail | undefined;
    await expect
      .poll(
        async () => {
          found = (await this.list(to)).find((mail) => !subject || subject.test(mail.subject));
          return found !== undefined;
        },
        { message: `a mail to ${to}${subject ? ` matching ${subject}` : ''}`, timeout: timeoutMs },
      )
      .toBe(true);
    return found!;
  }
}

/** Opens another browser context with the tests' settings (closed after the test). */
export type NewContext = (options?: Parameters<typeof contextOptions>[0]) => Promise<BrowserContext>;

interface TestFixtures {
  /**
   * The file's context in a browser profile of its own on disk (`test.use({ persistent: true })`), as an installed
   * browser has: Chromium refuses to call an app installable in an incognito context.
   */
  persistent: boolean;
  /** A phone (support/chromium.ts PHONE: 390×844, touch, mobile) instead of a 1280×900 desktop: `test.use({ phone: true })`. */
  phone: boolean;
  errors: string[];
  newContext: NewContext;
  mailbox: Mailbox;
}

interface WorkerFixtures {
  /** The shared context of the test file that is running (at most one: a worker runs its files one after another). */
  fileContext: { file?: string; context?: BrowserContext; close?: () => Promise<void> };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  phone: [false, { option: true }],

  fileContext: [
    async ({}, use) => {
      const current: WorkerFixtures['fileContext'] = {};
      await use(current);
      await current.close?.();
    },
    { scope: 'worker' },
  ],

  persistent: [false, { option: true }],

  context: async (
    { browser, playwright, launchOptions, persistent, baseURL, phone, locale, serviceWorkers, storageState, fileContext },
    use,
    testInfo,
  ) => {
    if (fileContext.file !== testInfo.file) {
      await fileContext.close?.();
      const options = contextOptions({ baseURL, phone, locale, serviceWorkers, storageState });
      if (persistent) {
        const userDataDir = mkdtempSync(join(tmpdir(), 'zaytoon-e2e-'));
        const context = await playwright.chromium.launchPersistentContext(userDataDir, { ...launchOptions, ...options });
        context.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
        fileContext.context = context;
        fileContext.close = async () => {
          await context.close().catch(() => undefined);
          rmSync(userDataDir, { recursive: true, force: true });
        };
      } else {
        const context = await openContext(browser, options);
        fileContext.context = context;
        fileContext.close = () => context.close().catch(() => undefined);
      }
      fileContext.file = testInfo.file;
    }
    await use(fileContext.context!);
  },

  errors: async ({}, use) => {
    await use([]);
  },

  page: async ({ context, errors }, use, testInfo) => {
    const page: Page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('page errors', { body: errors.join('\n') || '(none)', contentType: 'text/plain' });
    await page.close().catch(() => undefined);
  },

  newContext: async ({ browser, baseURL, phone, serviceWorkers }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await openContext(browser, contextOptions({ baseURL, phone, serviceWorkers, ...options }));
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
  },

  mailbox: async ({}, use) => {
    await use(new Mailbox(e2e.mailboxUrl));
  },
});
