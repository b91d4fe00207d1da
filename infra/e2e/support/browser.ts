// Debian's chromium driven by playwright-core (no browser download), one fresh profile per file.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CHROMIUM_ARGS, PHONE } from './chromium';
import { e2e } from './env';

export { CHROMIUM_ARGS };

export interface BrowserSession {
  context: BrowserContext;
  /** A fresh page for the current test (closed after it). */
  page: Page;
  /** Uncaught page errors and console errors seen by the current test's page. */
  errors: string[];
}

export interface LaunchOptions {
  /** Where `page.goto('/x')` goes (default: E2E_BASE_URL, the stack under test). */
  baseURL?: string;
  /** A phone (support/chromium.ts PHONE: 390×844, touch, mobile) instead of a 1280×900 desktop. */
  phone?: boolean;
  /** The browser's language (`navigator.languages` and Accept-Language), e.g. 'ar-EG'. */
  locale?: string;
  /**
   * The front door's service worker (issue #16 point 3) runs only where a test asks for it ('allow'): a page it controls
   * reads its requests through the worker, which `page.route` (the tests' stand-ins for a failing API) does not see.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** Launches chromium with a throw-away user-data-dir; `baseURL` makes `page.goto('/browse')` work. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'zaytoon-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: e2e.chromium,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: options.baseURL ?? e2e.baseUrl,
    ...(options.phone ? PHONE : { viewport: { width: 1280, height: 900 } }),
    ...(options.locale ? { locale: options.locale } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers hooks for a test file: one browser for the file, a new page per test, and a
 * screenshot in test-results/ when a test fails. `baseURL` is read when the browser starts (in
 * beforeAll), so a file may point it at a server its own earlier beforeAll started.
 */
export function useBrowser(options: { baseURL?: () => string; phone?: boolean } = {}): BrowserSession {
  const session = { errors: [] as string[] } as BrowserSession;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const launched = await launchBrowser({ baseURL: options.baseURL?.(), phone: options.phone });
    session.context = launched.context;
    close = launched.close;
  });

  beforeEach(async (ctx) => {
    session.errors = [];
    session.page = await session.context.newPage();
    session.page.on('pageerror', (error) => session.errors.push(`pageerror: ${error.message}`));
    session.page.on('console', (message) => {
      if (message.type() === 'error') session.errors.push(`console: ${message.text()}`);
    });
    ctx.onTestFailed(async () => {
      const dir = join(process.cwd(), 'test-results');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${ctx.task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`);
      await session.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`screenshot: ${file}\npage errors:\n  ${session.errors.join('\n  ') || '(none)'}`);
    });
  });

  afterEach(async () => {
    await session.page?.close().catch(() => undefined);
  });

  afterAll(async () => {
    await close();
  });

  return session;
}

/** Every URL the context requests from now on. */
export function recordRequests(context: BrowserContext): { urls: string[]; stop: () => void } {
  const urls: string[] = [];
  const listener = (request: Request) => urls.push(request.url());
  context.on('request', listener);
  return { urls, stop: () => context.off('request', listener) };
}

export const fromOrigin = (urls: string[], origin: string) => urls.filter((url) => new URL(url).origin === new URL(origin).origin);

/**
 * Like `waitForLoadState('networkidle')` (no request of the page's own for `quietMs`), blind to Chromium's background
 * revalidations: a public API answer may be served from the browser's cache while it is revalidated
 * (`stale-while-revalidate`, CONTRACT.md caching), and Playwright sees that request (type 'other') start, never end.
 */
export async function waitForQuietNetwork(page: Page, { quietMs = 500, timeoutMs = 15_000 } = {}): Promise<void> {
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  const ownRequest = (request: Request) => request.resourceType() !== 'other';
  const started = (request: Request) => {
    if (!ownRequest(request)) return;
    inFlight.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`the page's own requests did not settle within ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
