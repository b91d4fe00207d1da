/**
 * npm run bench:frontend [base URL] — the front-end's weight and Lighthouse scores, against a stack
 * that is already running (default http://localhost:8080, or BENCH_BASE_URL):
 *   (a) in a fresh Chromium context, the JS /browse fetches before its Locations list is shown
 *       (bytes on the wire, and the gzip size of each body), the biggest files; Leaflet is not fetched
 *       for the list and is fetched once the Map view opens; a visitor never asks the admin remote;
 *       the list view logs no console error (map tiles cannot load on this offline machine: the
 *       list must not try);
 *   (b) Lighthouse, through its node API (mobile preset, simulated throttling, Chromium as installed), on /browse
 *       and on a real business's page as the given URL serves them, BENCH_LIGHTHOUSE_RUNS times each (default 5;
 *       the median run counts), asserted against BUDGET below: Core Web Vitals 'good' (LCP, TBT, CLS), the
 *       performance score, and accessibility and best practices (whole reports in BENCH_LIGHTHOUSE_DIR).
 * `--baseline=<URL>` measures a second stack by Lighthouse in turns with this one (before/after in one sitting).
 * Exits 1 when a target is missed. A script, not a test: scores move with the machine's load. `--smoke` (npm test)
 * runs Lighthouse once per page and fails on the weight, which does not move with the load, but only prints the scores.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, LOOPBACK_ONLY_ARG, PHONE } from '../e2e/support/chromium';
import { full, SMOKE, smokeExitCode, unexpected } from './smoke';

const args = process.argv.slice(2);
const BASE_URL = (args.find((arg) => !arg.startsWith('--')) ?? process.env.BENCH_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
/**
 * `--baseline=<URL>` (or BENCH_BASELINE_URL): another stack (e.g. the previous build behind its own front door),
 * measured by Lighthouse in turns with this one, run for run, so that both see the same load on the machine.
 */
const BASELINE_URL = (args.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length) ?? process.env.BENCH_BASELINE_URL ?? '').replace(
  /\/$/,
  '',
);
/** `--weight-only`: part (a) alone, for quick looks while trimming bundles. */
const WEIGHT_ONLY = args.includes('--weight-only');
/** `--only=browse` or `--only=business`: Lighthouse on that page alone. */
const ONLY = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
/** Lighthouse runs per page; the run with the median performance score is reported (Lighthouse's own advice on noisy machines). */
const LIGHTHOUSE_RUNS = full(Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)), 1);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BROWSER_ARGS = [...CHROMIUM_ARGS, LOOPBACK_ONLY_ARG];

/**
 * The front end's budget (docs/decisions/0043-stock-build-and-budget.md). Lighthouse's figures are for its mobile
 * simulation: the metrics' maxima are Core Web Vitals' 'good' thresholds (TBT standing in for INP in a lab run).
 */
const BUDGET = {
  criticalJsGzip: 200 * 1000,
  categories: { performance: 90, accessibility: 100, 'best-practices': 100 },
  metrics: { 'largest-contentful-paint': 2500, 'total-blocking-time': 200, 'cumulative-layout-shift': 0.1 },
} as const;
/** Leaflet's code, whatever chunk it travels in (its container class is in the library itself). */
const LEAFLET_SIGNATURE = 'leaflet-container';

const failures: string[] = [];
/**
 * A 'target' moves with the machine and the browser (weight, scores): a smoke run (`--smoke`: weight, then one
 * Lighthouse run of /browse) prints it without failing. What 'holds' on any machine fails a smoke run too.
 */
function check(ok: boolean, message: string, kind: 'target' | 'holds' = 'target'): void {
  console.log(`${ok ? 'PASS' : 'FAIL'}: ${message}`);
  if (ok) return;
  failures.push(message);
  if (kind === 'holds' && SMOKE) unexpected(message);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface Fetched {
  url: string;
  type: string;
  status: number;
  /** Bytes on the wire: the (compressed) body and the headers. */
  encoded: number;
  contentEncoding: string;
  body: string;
}

/** Every request a page makes, with its body for scripts, through the page's own CDP session. */
async function recordRequests(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const pending = new Map<string, Partial<Fetched>>();
  const sent: string[] = [];
  const finished: Promise<Fetched>[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    pending.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other' });
    sent.push(event.request.url);
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    entry.status = event.response.status;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]));
    entry.contentEncoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = pending.get(event.requestId);
    if (!entry) return;
    const body =
      entry.type === 'Script'
        ? cdp
            .send('Network.getResponseBody', { requestId: event.requestId })
            .then((answer) => (answer.base64Encoded ? Buffer.from(answer.body, 'base64').toString('utf8') : answer.body))
            .catch(() => '')
        : Promise.resolve('');
    finished.push(
      body.then((text) => ({
        url: entry.url ?? '',
        type: entry.type ?? 'Other',
        status: entry.status ?? 0,
        encoded: event.encodedDataLength,
        contentEncoding: entry.contentEncoding ?? '',
        body: text,
      })),
    );
  });
  await cdp.send('Network.enable');
  return {
    /** URLs asked for so far, in order. */
    sent,
    /** Requests finished so far. */
    finished: () => Promise.all(finished),
    /** Waits until no request has been pending for `quietMs`. */
    async settle(quietMs = 500): Promise<void> {
      let count = -1;
      while (count !== finished.length) {
        count = finished.length;
        await new Promise((resolve) => setTimeout(resolve, quietMs));
      }
    },
  };
}

function shortName(url: string): string {
  const { pathname, origin } = new URL(url);
  const name = pathname.split('/').pop() || pathname;
  const tidy = name
    .replace(/^_virtual_mf_+mfe_internal__\w+?__mf_owner__\d+__/, 'mf:')
    .replace(/_mf_2_/g, '/')
    .replace(/_mf_1_/g, '-');
  return `${origin === BASE_URL ? '' : `${origin} `}${tidy.length > 80 ? `${tidy.slice(0, 77)}...` : tidy}`;
}

/** The admin remote's base (its manifest's folder), from the shell's runtime config. */
async function adminRemoteBase(): Promise<string | null> {
  const config = (await (await fetch(`${BASE_URL}/runtime-config.json`)).json()) as { remotes?: { admin?: string } };
  const manifest = config.remotes?.admin;
  return manifest ? new URL('.', new URL(manifest, BASE_URL)).href : null;
}

async function realBusinessId(): Promise<number> {
  const response = await fetch(`${BASE_URL}/api/businesses?limit=1`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/businesses?limit=1 answered ${response.status}`);
  const body = (await response.json()) as Array<{ id: number }> | { businesses?: Array<{ id: number }> };
  const first = Array.isArray(body) ? body[0] : body.businesses?.[0];
  if (!first) throw new Error('the directory has no business to open');
  return first.id;
}

async function measureWeight(adminBase: string | null, businessId: number): Promise<void> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'zaytoon-bench-frontend-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: BROWSER_ARGS,
    ...PHONE,
  });
  context.setDefaultTimeout(30_000);
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const requests = await recordRequests(context, page);

    await page.goto(`${BASE_URL}/browse`);
    await page.locator('[data-testid="city-group"], [data-testid="directory-empty"]').first().waitFor();
    const beforeList = requests.sent.length;
    await requests.settle();
    const all = await requests.finished();
    const criticalUrls = new Set(requests.sent.slice(0, beforeList));
    const scripts = all
      .filter((request) => request.type === 'Script' && criticalUrls.has(request.url))
      .map((request) => ({ ...request, gzip: gzipSync(request.body, { level: 9 }).length }));
    const encoded = scripts.reduce((sum, script) => sum + script.encoded, 0);
    const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
    const uncompressed = scripts.filter((script) => !script.contentEncoding && script.body.length > 1024);

    console.log(`\n/browse, fresh context: ${scripts.length} JS files before the Locations list shows`);
    console.log(
      `  on the wire ${kB(encoded)} (bodies and headers), gzip ${kB(gzip)}, uncompressed ${kB(scripts.reduce((sum, s) => sum + s.body.length, 0))}`,
    );
    console.log('  biggest (gzip | on the wire | encoding):');
    for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 40)) {
      console.log(
        `    ${kB(script.gzip).padStart(9)} | ${kB(script.encoded).padStart(9)} | ${(script.contentEncoding || 'none').padEnd(4)} ${shortName(script.url)}`,
      );
    }
    if (uncompressed.length) console.log(`  served uncompressed: ${uncompressed.length} JS files over 1 kB (the front door should serve .br/.gz)`);

    check(gzip <= BUDGET.criticalJsGzip, `/browse critical JS ${kB(gzip)} gzip (budget ≤ ${kB(BUDGET.criticalJsGzip)})`, 'holds');
    const leafletInList = all.filter((request) => request.body.includes(LEAFLET_SIGNATURE)).map((request) => shortName(request.url));
    check(
      leafletInList.length === 0,
      `the Locations view fetches no Leaflet${leafletInList.length ? ` (fetched: ${leafletInList.join(', ')})` : ''}`,
      'holds',
    );
    check(
      consoleErrors.length === 0,
      `the Locations view logs no console error${consoleErrors.length ? `: ${consoleErrors.join(' | ')}` : ''}`,
      'holds',
    );

    const beforeMap = all.length;
    await page.getByRole('button', { name: 'Map View' }).click();
    await page.getByTestId('map').locator('.leaflet-container').waitFor();
    await requests.settle();
    const afterMap = (await requests.finished()).slice(beforeMap);
    const leafletFiles = afterMap.filter((request) => request.body.includes(LEAFLET_SIGNATURE));
    check(
      leafletFiles.length > 0,
      `opening the Map view fetches Leaflet (${leafletFiles.map((file) => `${shortName(file.url)} ${kB(file.encoded)}`).join(', ') || 'nothing'})`,
      'holds',
    );

    // A visitor's other pages: the landing page and a business.
    for (const path of ['/', `/business/${businessId}`]) {
      await page.goto(`${BASE_URL}${path}`);
      await page.waitForLoadState('networkidle');
    }
    const adminRequests = adminBase ? requests.sent.filter((url) => url.startsWith(adminBase)) : [];
    check(
      adminRequests.length === 0,
      `a visitor never asks the admin remote${adminBase ? ` (${adminBase})` : ''}${adminRequests.length ? `: ${adminRequests.join(', ')}` : ''}`,
      'holds',
    );
  } finally {
    await context.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

async function runLighthouse(origin: string, path: string, categories: readonly string[] = CATEGORIES): Promise<Lhr> {
  const url = `${origin}${path}`;
  const userDataDir = mkdtempSync(join(tmpdir(), 'zaytoon-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: BROWSER_ARGS, userDataDir });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The median run by performance score (Lighthouse's own advice on noisy machines), with every run's score. */
function medianRun(label: string, runs: Lhr[]): Lhr {
  const performance = (lhr: Lhr) => lhr.categories.performance?.score ?? 0;
  const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
  if (sorted.length > 1) {
    console.log(`\n${label}: performance over ${sorted.length} runs ${sorted.map((lhr) => Math.round(performance(lhr) * 100)).join(', ')}`);
    runs.forEach((lhr, index) => console.log(`  run ${index + 1}: ${runLine(lhr)}`));
    console.log('  the median run:');
  }
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * A run's simulated metrics beside what Chromium did unthrottled. The first frame's time explains most of the spread
 * between runs here (infra/load/README.md): when headless Chromium paints late (with every
 * script in), Lantern counts all the JS before FCP and little TBT; when it paints at once, the boot's long
 * tasks fall after FCP and count as TBT.
 */
function runLine(lhr: Lhr): string {
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const observed = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {};
  return (
    `performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} | FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')},` +
    ` TBT ${metric('total-blocking-time')}, SI ${metric('speed-index')} ms | unthrottled: first frame ${Math.round(observed.observedFirstPaint ?? NaN)} ms,` +
    ` LCP ${Math.round(observed.observedLargestContentfulPaint ?? NaN)} ms`
  );
}

function reportLighthouse(label: string, lhr: Lhr, { checked = true } = {}): void {
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion} ${label} (${lhr.finalDisplayedUrl}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling,` +
      ` this machine's benchmark index ${Math.round(lhr.environment.benchmarkIndex)})`,
  );
  console.log(
    `  performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}` +
      ` | FCP ${Math.round(metric('first-contentful-paint'))} ms, LCP ${Math.round(metric('largest-contentful-paint'))} ms,` +
      ` TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}, SI ${Math.round(metric('speed-index'))} ms`,
  );
  if (lhr.runWarnings.length) console.log(`  warnings: ${lhr.runWarnings.join(' | ')}`);
  for (const id of ['best-practices', 'accessibility', 'performance'] as const) {
    const failing = (lhr.categories[id]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit &&
          audit.scoreDisplayMode !== 'notApplicable' &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual' &&
          audit.score !== null &&
          audit.score < (id === 'performance' ? 0.9 : 1),
      );
    for (const audit of failing) {
      const detail = audit.displayValue ? ` (${audit.displayValue})` : '';
      console.log(`  ${id} failing: ${audit.id} — ${audit.title}${detail}`);
      const items = (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
      for (const item of items.slice(0, 3)) {
        const text = JSON.stringify(item.description ?? item.source ?? item.url ?? item.node ?? item);
        console.log(`      ${text.length > 200 ? `${text.slice(0, 197)}...` : text}`);
      }
    }
  }
  if (!checked) return;
  for (const [id, minimum] of Object.entries(BUDGET.categories))
    check(
      score(id as (typeof CATEGORIES)[number]) >= minimum,
      `Lighthouse ${label} ${id} ${score(id as (typeof CATEGORIES)[number])} (budget ≥ ${minimum})`,
    );
  for (const [id, maximum] of Object.entries(BUDGET.metrics)) {
    const value = metric(id);
    const shown = id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`;
    check(value <= maximum, `Lighthouse ${label} ${id} ${shown} (budget ≤ ${id === 'cumulative-layout-shift' ? maximum : `${maximum} ms`})`);
  }
}

async function main(): Promise<void> {
  console.log(`bench:frontend against ${BASE_URL}${BASELINE_URL ? `, Lighthouse in turns with ${BASELINE_URL}` : ''}`);
  // The same code has scored 82 and 99 on two Chromium builds (infra/load/README.md, "Fourteenth session").
  console.log(`browser: ${execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}`);
  const [adminBase, businessId] = await Promise.all([adminRemoteBase(), realBusinessId()]);
  await measureWeight(adminBase, businessId);
  if (WEIGHT_ONLY) return finish();
  await measureLighthouse(BASE_URL, businessId);
  finish();
}

async function measureLighthouse(measured: string, businessId: number): Promise<void> {
  const baseline = BASELINE_URL;
  const pages = [
    ['/browse', '/browse'],
    ['/business/{id}', `/business/${businessId}`],
  ] as const;
  for (const [label, path] of pages.filter(([label]) => !ONLY || label.includes(ONLY))) {
    const runs: Lhr[] = [];
    const baselineRuns: Lhr[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      if (BASELINE_URL) baselineRuns.push(await runLighthouse(baseline, path));
      runs.push(await runLighthouse(measured, path));
    }
    if (BASELINE_URL)
      reportLighthouse(`${label} baseline ${BASELINE_URL}`, medianRun(`${label} baseline ${BASELINE_URL}`, baselineRuns), { checked: false });
    const median = medianRun(label, runs);
    reportLighthouse(label, median);
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      const file = join(process.env.BENCH_LIGHTHOUSE_DIR, `${path.replace(/\W+/g, '_')}.json`);
      writeFileSync(file, JSON.stringify(median, null, 1));
      console.log(`  (whole report: ${file})`);
    }
  }
  // Right to left, in Arabic script, the pages stay as accessible (one run each: the score does not vary).
  if (!ONLY && !SMOKE) {
    for (const path of ['/?lang=ar', '/browse?lang=ar', `/business/${businessId}?lang=ar`]) {
      const lhr = await runLighthouse(measured, path, ['accessibility']);
      const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits).filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0);
      for (const audit of failing) console.log(`  ${path} accessibility failing: ${audit.id} — ${audit.title}`);
      check(score >= BUDGET.categories.accessibility, `Lighthouse ${path} accessibility ${score} (budget ${BUDGET.categories.accessibility})`);
    }
  }
}

function finish(): void {
  console.log(failures.length ? `\n${failures.length} target(s) missed.` : '\nEvery target met.');
  process.exitCode = SMOKE ? smokeExitCode() : failures.length ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
