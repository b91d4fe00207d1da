// Chromium settings and page measurements shared by the browser tests and the benchmarks
// (infra/load/bench-scale.ts). No vitest import here: plain scripts load this file too.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Only loopback answers: every other host name fails to resolve (map tiles, fonts, anything external). */
export const LOOPBACK_ONLY_ARG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

/** A phone: 390×844 CSS pixels (an iPhone 12-15 class screen), touch, mobile viewport rules. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;

/** The SPEC's count line: 'N businesses found' (N may have thousands separators). */
export const COUNT_LINE = /^\s*([\d,]+) businesses found\s*$/;

export function parseCount(text: string | null | undefined): number | null {
  const match = COUNT_LINE.exec(text ?? '');
  return match ? Number(match[1].replace(/,/g, '')) : null;
}

/** Every element in the document (document.getElementsByTagName('*').length). */
export function domNodeCount(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/** Used JS heap in bytes (CDP Performance.getMetrics JSHeapUsedSize), after a full garbage collection by default. */
export async function jsHeapUsed(cdp: CDPSession, { collectGarbage = true } = {}): Promise<number> {
  if (collectGarbage) await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize');
  if (!heap) throw new Error('CDP Performance.getMetrics has no JSHeapUsedSize');
  return heap.value;
}

export interface FetchedRequest {
  url: string;
  /** Bytes on the wire (CDP Network.loadingFinished encodedDataLength: compressed body plus headers). */
  bytes: number;
}

export interface ByteCounter {
  cdp: CDPSession;
  /** Requests finished so far, in order. */
  finished: FetchedRequest[];
  /** A position to measure from. */
  mark(): number;
  /** Bytes of the requests finished since `mark` (all, and those under /api/). */
  since(mark?: number): { all: number; api: number; requests: FetchedRequest[] };
  stop(): Promise<void>;
}

/** Counts the bytes a page fetches, through its own CDP session (Network domain). */
export async function countBytes(context: BrowserContext, page: Page): Promise<ByteCounter> {
  const cdp = await context.newCDPSession(page);
  const urls = new Map<string, string>();
  const finished: FetchedRequest[] = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => finished.push({ url: urls.get(event.requestId) ?? '', bytes: event.encodedDataLength }));
  await cdp.send('Network.enable');
  return {
    cdp,
    finished,
    mark: () => finished.length,
    since(mark = 0) {
      const requests = finished.slice(mark);
      const isApi = (url: string) => {
        try {
          return new URL(url).pathname.startsWith('/api/');
        } catch {
          return false;
        }
      };
      return {
        all: requests.reduce((sum, request) => sum + request.bytes, 0),
        api: requests.filter((request) => isApi(request.url)).reduce((sum, request) => sum + request.bytes, 0),
        requests,
      };
    },
    stop: () => cdp.detach().catch(() => undefined),
  };
}
