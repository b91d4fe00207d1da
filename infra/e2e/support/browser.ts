// What the browser tests watch on a page or context: the requests it makes, and when its own requests have settled.
import type { BrowserContext, Page, Request } from '@playwright/test';

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
  let settle: () => void = () => undefined;
  let quietTimer: NodeJS.Timeout | undefined;
  const quiet = new Promise<void>((resolve) => (settle = resolve));
  // The network is quiet once nothing is in flight and nothing started or ended for `quietMs`.
  const restartQuietTimer = () => {
    clearTimeout(quietTimer);
    if (inFlight.size === 0) quietTimer = setTimeout(settle, quietMs);
  };
  const started = (request: Request) => {
    if (request.resourceType() === 'other') return;
    inFlight.add(request);
    restartQuietTimer();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) restartQuietTimer();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  let deadline: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    deadline = setTimeout(
      () => reject(new Error(`the page's own requests did not settle within ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`)),
      timeoutMs,
    );
  });
  restartQuietTimer();
  try {
    await Promise.race([quiet, timedOut]);
  } finally {
    clearTimeout(quietTimer);
    clearTimeout(deadline);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
