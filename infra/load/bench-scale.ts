/**
 * npm run bench:scale — the directory at 1,000,000 businesses beside the demo data, in one run.
 * Provisions its own Postgres database (`zaytoon_bench_scale`, pg_stat_statements loaded) and Redis, seeds the
 * demo data, serves the built front-ends with two API processes and a worker behind the nginx front door
 * (infra/dev/stack.ts's startApplications, as the scale-out tests do), then at each size (the demo data, then grown
 * with seedScaleBusinesses) measures:
 *  - the API under autocannon: list pages, search, summary, city groups, detail, beside a bare node:http server;
 *  - map tiles (GET /api/businesses/map/{z}/{x}/{y}?v=<version>) at every zoom: bytes, and uncached time beside
 *    the SQL they ran (pg_stat_statements);
 *  - summary and tile p95 through the front door without and with a writer: a signed-in member adding a business
 *    a second through the API; search p50 with the writer beside the SQL it runs;
 *  - 'Alternative to…' (GET /api/businesses?alternative_to=<slug> and its summary): brands with the same
 *    alternatives at every size, each asked once per size, beside the SQL it ran; the largest size against the demo data;
 *  - the partner feed (GET /api/v1/changes): pages of 500 changes from the first change and from the middle of the
 *    log, each beside the same page from a bare node:http server running the feed's SQL through pg (feed-baseline.ts),
 *    and the SQL's executor time;
 *  - 20 concurrent one- and two-letter searches, and a detail read meanwhile;
 *  - a cached public read through the front door beside nginx serving a static file of the same size;
 *  - each API process's RSS after writes, each followed by map views at every zoom;
 *  - /browse in headless Chromium on a phone: time to 'N businesses found', rows with 'View Details' without a
 *    click, DOM nodes, JS heap, the first Map view, typing-to-results.
 * Ends with the scale goals' figures, each with its goal and PASS/FAIL (n/a where the interface is missing).
 * A script, not a test: compare only figures printed by the same run.
 *
 *   npm run bench:scale -- --sizes demo,1000000  # the million-business run
 *   npm run bench:scale -- --sizes demo,10000    # smaller, for development
 *   npm run bench:scale -- --no-browser          # the API only
 *   npm run bench:scale -- --smoke               # tiny and fast (npm test): fails on anything unexpected
 * BENCH_SCALE_SECONDS (default 3) sets each timed scenario's length; PORT_OFFSET shifts every port.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { seedScaleBusinesses } from '../seed/scale-seed';
import { loadConfig } from '../dev/config';
import { waitForHttp } from '../dev/net';
import { loopbackListen, nginxProcessSettings, startRemoteServer } from '../dev/nginx';
import { apiPorts, buildFrontends, sessionSecret, startApplications } from '../dev/stack';
import { superviseWith } from '../dev/supervisor';
import { ApiClient, businessInput, signUp } from '../e2e/jobs/api-client';
import { CHROMIUM_ARGS, COUNT_LINE, LOOPBACK_ONLY_ARG, PHONE, countBytes, domNodeCount, jsHeapUsed, type ByteCounter } from '../e2e/support/chromium';
import { benchPort, percentile, provisionBenchStack, type BenchStack } from './bench-stack';
import { expectNone, full, SMOKE, smokeExitCode, unexpected } from './smoke';

// ---- settings --------------------------------------------------------------------------------------

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
}

type Size = 'demo' | number;
const SIZES: Size[] = (option('sizes') ?? full('demo,10000,100000', '200')).split(',').map((raw) => {
  const text = raw.trim().toLowerCase().replace(/[_,]/g, '');
  if (text === 'demo') return 'demo';
  const value = Number(text.replace(/k$/, '000').replace(/m$/, '000000'));
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--sizes: "${raw}" is neither "demo" nor a number of businesses`);
  return value;
});
const BROWSER = !process.argv.includes('--no-browser');
const DURATION = full(Number(process.env.BENCH_SCALE_SECONDS ?? 3), 1);
const CONNECTIONS = 20;
const DEEP_PAGES = full(50, 3);
const SEARCH_TERM = 'bakery';
/** Searches of seeded words, each asked once per measurement (no answer kept anywhere between them). */
const SEARCH_TERMS = ['bakery', 'cafe', 'olive', 'books', 'grocery', 'kitchen', 'studio', 'garden', 'beauty', 'coffee', 'falafel', 'soap'];
/** One- and two-letter searches (a visitor's first keys). */
const SHORT_SEARCHES = ['a', 'b', 'c', 'e', 'l', 'm', 's', 'ba', 'ca', 'ol', 'lo', 'ma', 'st', 'ki', 'gr', 'be', 'co', 'le'];
const TIME_LIMIT_MINUTES = Number(process.env.BENCH_SCALE_TIME_LIMIT_MINUTES ?? full(60, 4));
/** Browser runs per size: loads of /browse (median), and typing runs (median). */
const LOAD_RUNS = full(3, 1);
const TYPING_RUNS = full(3, 1);
/** Writes, each followed by map views at every zoom, before the API processes' RSS is read. */
const RSS_WRITES = full(100, 3);
/** Zooms of the tiles asked for (the Map view's range), 3×3 tiles around London at each. */
const TILE_ZOOMS = Array.from({ length: 16 }, (_, index) => index + 3);
const SEARCH_SAMPLES = full(SEARCH_TERMS.length, 3);
/**
 * Brands the bench tags, each on the same ALTERNATIVES_PER_BRAND businesses at every size (tagged once, before the
 * first size): a brand is asked once per size, so no answer kept between two asks serves it.
 */
const ALTERNATIVE_BRANDS = full(12, 2);
const ALTERNATIVES_PER_BRAND = 50;
/** Pages of the partner feed read in a row from each starting point (its first change, the middle of the log). */
const FEED_PAGES = full(10, 3);
/** Walks over those pages, the API's and the baseline's requests alternating. */
const FEED_ROUNDS = full(3, 5);
const FEED_PAGE_SIZE = 500;
/** Seconds between the writer's businesses. */
const WRITER_INTERVAL_MS = 1000;
const API_PROCESSES = 2;
/** The front door's micro-cache keeps answers a few seconds: waited out after a size grows. */
const EDGE_CACHE_MS = full(6_000, 1_000);

// Ports of their own (PORT_OFFSET shifts them): bench:api uses 3300/3301, 5436, 6383; bench:jobs 5437, 6384.
const PORTS = {
  postgres: 5438,
  redis: 6385,
  api: benchPort(3350),
  baseline: benchPort(3349),
  feedBaseline: benchPort(3348),
  shell: benchPort(8350),
  directory: benchPort(8351),
  admin: benchPort(8352),
  staticFile: benchPort(8353),
  mailSmtp: benchPort(1035),
  mailHttp: benchPort(8035),
};

const LONDON = { lat: 51.5074, lng: -0.1278 };
/** The tiles' version (tile URLs carry it as `v`); a 404 means the tile endpoint is not there. */
const TILE_VERSION_PATH = '/api/businesses/map/version';
/** Postcodes in London for the writer's businesses (the worker places them). */
const WRITER_POSTCODES = ['E1 6AN', 'SW1A 1AA', 'N1 9GU', 'SE1 7PB', 'W1D 3QF', 'NW1 2DB', 'EC1A 1BB', 'WC2N 5DU'];

/** The XYZ tile (Web Mercator) holding (lat, lng) at zoom z. */
function tileOf(center: { lat: number; lng: number }, zoom: number): { x: number; y: number } {
  const scale = 2 ** zoom;
  const sin = Math.sin((center.lat * Math.PI) / 180);
  return {
    x: Math.floor(((center.lng + 180) / 360) * scale),
    y: Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale),
  };
}

// ---- small helpers -----------------------------------------------------------------------------------

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : 'n/a');
const MB = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const sizeName = (size: Size) => (size === 'demo' ? 'demo' : size.toLocaleString('en-GB'));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const p95 = (values: number[]) => percentile(sorted(values), 95);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const log = (message: string) => console.log(`[bench:scale] ${message}`);

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes of the body as sent (gzip when compressed). */
  wireBytes: number;
  body: string;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** GET on 127.0.0.1 asking for gzip, as a browser does; the bytes as sent, the decoded body and the time it took. */
function get(port: number, path: string): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: response.headers, wireBytes: raw.length, body, ms: performance.now() - started });
      });
      response.on('error', reject);
    });
    request.setTimeout(60_000, () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', reject);
  });
}

/** GET that must answer 2xx: anything else is unexpected (a smoke run fails on it). */
async function getOk(port: number, path: string): Promise<RawAnswer> {
  const answer = await get(port, path);
  if (answer.status < 200 || answer.status > 299) unexpected(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return answer;
}

/** The path of Link rel="next", or null on the last page. */
function nextPath(link: string | string[] | undefined): string | null {
  const match = String(link ?? '').match(/<([^>]*)>\s*;\s*rel="?next"?/);
  if (!match) return null;
  const url = new URL(match[1], 'http://127.0.0.1');
  return url.pathname + url.search;
}

// autocannon ships no types; this is the part used here.
interface AutocannonResult {
  requests: { average: number };
  errors: number;
  timeouts: number;
}
type AutocannonInstance = Promise<AutocannonResult> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, time: number) => void): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => AutocannonInstance;

interface Measured {
  scenario: string;
  'req/s': number;
  'p50 ms': string;
  'p95 ms': string;
  'bytes (gzip)': string;
  'non-2xx': number;
  errors: number;
  /** Raw figures for the checks. */
  p50: number;
  rps: number;
}

async function drive(name: string, port: number, paths: () => string, bytes: string): Promise<Measured> {
  const latencies: number[] = [];
  let non2xx = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': 'gzip' },
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, method: 'GET', path: paths() }) }],
  });
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time);
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  expectNone(non2xx, `${name}: answers other than 2xx`);
  expectNone(result.errors + result.timeouts, `${name}: errors or timeouts`);
  return {
    scenario: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': median(latencies).toFixed(2),
    'p95 ms': p95(latencies).toFixed(2),
    'bytes (gzip)': bytes,
    'non-2xx': non2xx,
    errors: result.errors + result.timeouts,
    p50: median(latencies),
    rps: result.requests.average,
  };
}

/** Runs `work` from `concurrency` loops for `seconds`; the latencies in ms, ascending. */
async function loop(work: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await work();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return sorted(latencies);
}

// ---- the writer --------------------------------------------------------------------------------------

/** A signed-in member adding businesses through the front door (CSRF: the XSRF-TOKEN cookie of GET /api/auth/me, echoed). */
class Writer {
  written = 0;
  private timer?: NodeJS.Timeout;
  private running = Promise.resolve();

  private constructor(
    private readonly client: ApiClient,
    private readonly runId: string,
  ) {}

  static async signUp(origin: string): Promise<Writer> {
    const member = await signUp('bench', new ApiClient(origin, origin));
    return new Writer(member.client, Date.now().toString(36));
  }

  /** One business in London (a point of its own, so map tiles there change). */
  async add(): Promise<void> {
    const n = ++this.written;
    const answer = await this.client.post(
      '/api/businesses',
      businessInput(`Bench Writer ${this.runId} ${n}`, {
        postcode: WRITER_POSTCODES[n % WRITER_POSTCODES.length],
        latitude: LONDON.lat + ((n % 97) - 48) / 2000,
        longitude: LONDON.lng + ((n % 89) - 44) / 1500,
      }),
    );
    if (answer.status !== 201 && answer.status !== 200)
      unexpected(`the writer's POST /api/businesses answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }

  /** A business a second until stop(). */
  start(): void {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.add()).catch((error) => unexpected(`the writer failed: ${String(error)}`));
    }, WRITER_INTERVAL_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

// ---- one size ------------------------------------------------------------------------------------------

interface TileFigures {
  /** Tiles asked for, and the largest answer's bytes as sent (gzip). */
  count: number;
  maxBytes: number;
  maxBytesAt: string;
  uncachedP95: number;
  sqlP95: number;
}

interface SizeFigures {
  size: Size;
  total: number;
  table: Measured[];
  detailShare: number;
  /** null: the tile endpoint is not there (n/a). */
  tiles: TileFigures | null;
  withoutWriter: { summaryP95: number; tileP95: number };
  withWriter: { summaryP95: number; tileP95: number; written: number };
  search: { apiP50WithWriter: number; sqlP50: number };
  /** 'Alternative to…': the list's first page and the summary for one brand at a time, and the SQL the page ran. */
  alternatives: { brands: number; alternatives: number; listP50: number; summaryP50: number; sqlP50: number };
  /** GET /api/v1/changes pages of 500, one at a time: the API's time, the node:http baseline's, and the SQL each ran. */
  partnerFeed: { pages: number; changes: number; apiP50: number; baselineP50: number; sqlP50: number };
  shortSearches: { p50: number; max: number; serverErrors: number; requests: number; detailP50: number; detailFailures: number };
  cachedVsStatic: { path: string; bytes: number; cachedRps: number; staticRps: number };
  rssBytes: number[];
  /**
   * Each API process's V8 heap and the memory its objects hold outside it (Buffers) at the same moment: what the RSS
   * holds beyond both is memory V8 or malloc has not given back.
   */
  heaps: { used: number; total: number; external: number }[];
  browser?: BrowserFigures;
}

interface BrowserFigures {
  shown: number | null;
  countMs: number;
  viewDetailsVisible: number;
  domNodes: number;
  domNodesMap: number;
  heapBytes: number;
  heapBytesMap: number;
  mapFirstViewMs: number;
  typingMs: number;
  typedCount: number | null;
}

class Bench {
  private readonly pool: pg.Pool;
  private statementsTracked = false;

  constructor(
    private readonly stack: BenchStack,
    private readonly frontDoorPort: number,
    private readonly apiPortList: number[],
    private readonly writer: Writer,
  ) {
    this.pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 });
    this.pool.on('error', () => undefined);
  }

  get origin(): string {
    return `http://localhost:${this.frontDoorPort}`;
  }

  /** pg_stat_statements, when the server loads it (the bench's own Postgres does; an outside one may not). */
  async open(): Promise<void> {
    try {
      await this.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await this.pool.query('SELECT pg_stat_statements_reset()');
      this.statementsTracked = true;
    } catch (error) {
      log(`pg_stat_statements unavailable (${error instanceof Error ? error.message : String(error)}): SQL times will read n/a`);
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  /**
   * Runs `work` alone and returns its time with the execution time Postgres spent on every statement of this
   * database meanwhile (pg_stat_statements; the bench's own queries left out): the raw SQL of one request.
   */
  private async withSqlTime<T>(work: () => Promise<T>): Promise<{ result: T; sqlMs: number; statements: string[] }> {
    if (!this.statementsTracked) return { result: await work(), sqlMs: NaN, statements: [] };
    const spent = async () =>
      new Map(
        (
          await this.pool.query<{ queryid: string; calls: number; ms: number }>(
            `SELECT queryid::text, sum(calls)::float8 AS calls, sum(total_exec_time)::float8 AS ms FROM pg_stat_statements
              WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND query NOT LIKE '%pg_stat_statements%'
              GROUP BY queryid`,
          )
        ).rows.map((row) => [row.queryid, row]),
      );
    const before = await spent();
    const result = await work();
    const after = await spent();
    let sqlMs = 0;
    const statements: string[] = [];
    for (const [queryid, row] of after) {
      sqlMs += row.ms - (before.get(queryid)?.ms ?? 0);
      if (row.calls > (before.get(queryid)?.calls ?? 0)) statements.push(queryid);
    }
    return { result, sqlMs, statements: statements.sort() };
  }

  /** Businesses a visitor can see (none removed by an approved report). */
  async visible(): Promise<number> {
    const { rows } = await this.pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM businesses b
        WHERE NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')`,
    );
    return rows[0].total;
  }

  /** Adds scale businesses until `size` exist, then one write through the API (what any new listing does). */
  async growTo(size: Size): Promise<number> {
    if (size !== 'demo') {
      const { rows } = await this.pool.query<{ total: number }>('SELECT count(*)::int AS total FROM businesses');
      const missing = size - rows[0].total;
      if (missing > 0) {
        const { inserted, durationMs } = await seedScaleBusinesses(this.pool, missing, { seed: 9_000 + size, log: (m) => log(`seed: ${m}`) });
        log(`seeded ${inserted.toLocaleString('en-GB')} businesses in ${(durationMs / 1000).toFixed(1)} s`);
      } else if (missing < 0) {
        log(`already ${rows[0].total} businesses (more than ${size}); measuring those`);
      }
    }
    await this.writer.add();
    await sleep(EDGE_CACHE_MS);
    return this.visible();
  }

  async measure(size: Size, browser: Browser | undefined): Promise<SizeFigures> {
    const total = await this.visible();
    const { table, detailShare } = await this.apiTable(size, total);
    const tiles = await this.tiles(size);
    log(`${sizeName(size)}: summary and tiles through the front door, ${DURATION} s without the writer`);
    const withoutWriter = await this.publicReads();
    log(`${sizeName(size)}: search's SQL (pg_stat_statements), one search at a time`);
    const searchSql = await this.searches(false);
    log(`${sizeName(size)}: the writer adds a business a second; summary, tiles and search again`);
    const writtenBefore = this.writer.written;
    this.writer.start();
    const withWriter = await this.publicReads();
    const searchWithWriter = await this.searches(true);
    await this.writer.stop();
    const figures: SizeFigures = {
      size,
      total,
      table,
      detailShare,
      tiles,
      withoutWriter,
      withWriter: { ...withWriter, written: this.writer.written - writtenBefore },
      search: { apiP50WithWriter: median(searchWithWriter.api), sqlP50: median(searchSql.sql) },
      alternatives: await this.alternatives(size),
      partnerFeed: await this.partnerFeed(size),
      shortSearches: await this.shortSearches(size),
      cachedVsStatic: await this.cachedVsStatic(size),
      ...(await this.memoryAfterWrites(size)),
    };
    if (browser) figures.browser = await this.browser(browser, size);
    return figures;
  }

  /** The API under autocannon (API port, the first of the two): pages, search, summary, city groups, detail beside bare node:http. */
  private async apiTable(size: Size, total: number): Promise<{ table: Measured[]; detailShare: number }> {
    const port = this.apiPortList[0];
    const first = await getOk(port, '/api/businesses');
    const apiTotal = Number(first.headers['x-total-count']);
    if (first.headers['x-total-count'] !== undefined && apiTotal !== total) log(`WARNING: X-Total-Count says ${apiTotal}, SQL counts ${total}`);
    let deep = '/api/businesses';
    let followed = 0;
    for (; followed < DEEP_PAGES; followed++) {
      const next = nextPath((await getOk(port, deep)).headers.link);
      if (!next) break;
      deep = next;
    }
    // 'Near me': nearest first from points across Great Britain (the GiST index's KNN walk), and a deep page of one point.
    const nearAnywhere = () => `/api/businesses?near=${(50.5 + Math.random() * 5).toFixed(2)},${(-4 + Math.random() * 4.5).toFixed(2)}`;
    let deepNear = '/api/businesses?near=52.48,-1.9';
    for (let page = 0; page < followed; page++) {
      const next = nextPath((await getOk(port, deepNear)).headers.link);
      if (!next) break;
      deepNear = next;
    }
    const { rows } = await this.pool.query<{ id: number }>(
      `SELECT id FROM businesses b WHERE NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')
        ORDER BY random() LIMIT 500`,
    );
    const ids = rows.map((row) => row.id);
    const detail = () => `/api/businesses/${ids[Math.floor(Math.random() * ids.length)]}`;
    const scenarios: { name: string; path: string | (() => string); port?: number }[] = [
      { name: 'list: first page', path: '/api/businesses' },
      { name: `list: page ${followed + 1} (cursor)`, path: deep },
      { name: `list: search=${SEARCH_TERM}`, path: `/api/businesses?search=${SEARCH_TERM}` },
      { name: 'list: near=lat,lng (first page)', path: nearAnywhere },
      { name: `list: near, page ${followed + 1} (cursor)`, path: deepNear },
      { name: 'summary', path: '/api/businesses/summary' },
      { name: 'by-city', path: '/api/businesses/by-city' },
      // The baseline right before the detail, so the share compares two moments of the same load.
      { name: 'baseline node:http hello', path: '/', port: PORTS.baseline },
      { name: 'detail /businesses/{id}', path: detail },
    ];
    const table: Measured[] = [];
    for (const scenario of scenarios) {
      const target = scenario.port ?? port;
      const paths = typeof scenario.path === 'string' ? () => scenario.path as string : scenario.path;
      const sample = await getOk(target, paths());
      // A smoke run asks each once: autocannon's path is proven by the cached-vs-static rows.
      if (SMOKE) {
        table.push({
          scenario: scenario.name,
          'req/s': NaN,
          'p50 ms': '',
          'p95 ms': '',
          'bytes (gzip)': kB(sample.wireBytes),
          'non-2xx': 0,
          errors: 0,
          p50: NaN,
          rps: NaN,
        });
        continue;
      }
      log(`${sizeName(size)}: ${scenario.name} (${DURATION}s)`);
      table.push(await drive(scenario.name, target, paths, kB(sample.wireBytes)));
    }
    const row = (name: string) => table.find((measured) => measured.scenario.startsWith(name))!;
    return { table, detailShare: row('detail').rps / row('baseline').rps };
  }

  /** The tiles' version, or null when the endpoint is missing (GET …/map/version answers 404). */
  private async tileVersion(port = this.apiPortList[0]): Promise<string | null> {
    const answer = await get(port, TILE_VERSION_PATH);
    if (answer.status === 404) return null;
    if (answer.status !== 200) {
      unexpected(`GET ${TILE_VERSION_PATH} answered ${answer.status}`);
      return null;
    }
    try {
      const parsed = JSON.parse(answer.body) as unknown;
      return String(typeof parsed === 'object' && parsed && 'version' in parsed ? (parsed as { version: unknown }).version : parsed);
    } catch {
      return answer.body.trim();
    }
  }

  private tilePaths(zoom: number, version: string, radius: number): string[] {
    const centre = tileOf(LONDON, zoom);
    const last = 2 ** zoom - 1;
    const paths: string[] = [];
    for (let dx = -radius; dx <= radius; dx++)
      for (let dy = -radius; dy <= radius; dy++) {
        const x = Math.min(last, Math.max(0, centre.x + dx));
        const y = Math.min(last, Math.max(0, centre.y + dy));
        paths.push(`/api/businesses/map/${zoom}/${x}/${y}?v=${encodeURIComponent(version)}`);
      }
    return [...new Set(paths)];
  }

  /** Every zoom's 3×3 tiles around London, each once, straight from an API process (no cache between): bytes, time, SQL. */
  private async tiles(size: Size): Promise<TileFigures | null> {
    const version = await this.tileVersion();
    if (version === null) {
      log(`${sizeName(size)}: map tiles n/a (endpoint missing)`);
      return null;
    }
    log(`${sizeName(size)}: map tiles at zooms ${TILE_ZOOMS[0]}-${TILE_ZOOMS.at(-1)}, uncached, beside their SQL`);
    const times: number[] = [];
    const sql: number[] = [];
    let maxBytes = 0;
    let maxBytesAt = '';
    for (const zoom of TILE_ZOOMS) {
      for (const path of this.tilePaths(zoom, version, 1)) {
        const { result, sqlMs } = await this.withSqlTime(() => getOk(this.apiPortList[0], path));
        times.push(result.ms);
        sql.push(sqlMs);
        if (result.wireBytes > maxBytes) [maxBytes, maxBytesAt] = [result.wireBytes, path];
      }
    }
    return { count: times.length, maxBytes, maxBytesAt, uncachedP95: p95(times), sqlP95: p95(sql) };
  }

  /** Summary and tiles as visitors ask them: through the front door, 4 at a time, for DURATION. */
  private async publicReads(): Promise<{ summaryP95: number; tileP95: number }> {
    let version = await this.tileVersion(this.frontDoorPort);
    const versionTimer = setInterval(() => {
      void this.tileVersion(this.frontDoorPort).then((latest) => (version = latest));
    }, 500);
    const summary: number[] = [];
    const tiles: number[] = [];
    try {
      await loop(
        async () => {
          const started = performance.now();
          await getOk(this.frontDoorPort, '/api/businesses/summary');
          summary.push(performance.now() - started);
          if (version === null) return;
          const zoom = TILE_ZOOMS[Math.floor(Math.random() * TILE_ZOOMS.length)];
          const paths = this.tilePaths(zoom, version, 1);
          const tile = await getOk(this.frontDoorPort, paths[Math.floor(Math.random() * paths.length)]);
          tiles.push(tile.ms);
        },
        4,
        DURATION,
      );
    } finally {
      clearInterval(versionTimer);
    }
    return { summaryP95: p95(summary), tileP95: tiles.length ? p95(tiles) : NaN };
  }

  /** Seeded words, one search at a time straight from an API process: its time and (without the writer) its SQL. */
  private async searches(withWriter: boolean): Promise<{ api: number[]; sql: number[] }> {
    const api: number[] = [];
    const sql: number[] = [];
    for (const term of SEARCH_TERMS.slice(0, SEARCH_SAMPLES)) {
      const path = `/api/businesses?search=${encodeURIComponent(term)}`;
      if (withWriter) {
        api.push((await getOk(this.apiPortList[0], path)).ms);
        continue;
      }
      const { result, sqlMs } = await this.withSqlTime(() => getOk(this.apiPortList[0], path));
      api.push(result.ms);
      sql.push(sqlMs);
    }
    return { api, sql };
  }

  /**
   * Brands for 'Alternative to…', each tagged on ALTERNATIVES_PER_BRAND random businesses when the bench first asks
   * (so the tags stay the same as the directory grows, and a larger size's cost is only the directory's).
   */
  private async alternativeBrands(): Promise<string[]> {
    const slugs = Array.from({ length: ALTERNATIVE_BRANDS }, (_, index) => `bench-brand-${index + 1}`);
    for (const slug of slugs) {
      const { rows } = await this.pool.query<{ id: number; tagged: boolean }>(
        `WITH made AS (INSERT INTO brands (name, slug, reason) VALUES ($1, $1, 'A bench brand') ON CONFLICT (slug) DO NOTHING RETURNING id)
         SELECT id, false AS tagged FROM made
         UNION ALL SELECT id, EXISTS (SELECT 1 FROM business_alternatives a WHERE a.brand_id = brands.id) FROM brands WHERE slug = $1`,
        [slug],
      );
      if (rows.some((row) => row.tagged)) continue;
      await this.pool.query(
        `INSERT INTO business_alternatives (brand_id, business_id)
         SELECT $1, b.id FROM businesses b
          WHERE NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')
          ORDER BY random() LIMIT $2
         ON CONFLICT DO NOTHING`,
        [rows[0].id, ALTERNATIVES_PER_BRAND],
      );
    }
    return slugs;
  }

  /**
   * 'Alternative to…' one brand at a time straight from an API process: the list's first page beside the SQL it ran
   * (pg_stat_statements), then the summary (the rollups never hold a tag, so it counts the matches).
   */
  private async alternatives(size: Size): Promise<SizeFigures['alternatives']> {
    log(`${sizeName(size)}: 'Alternative to…', ${ALTERNATIVE_BRANDS} brands of ${ALTERNATIVES_PER_BRAND} alternatives, each asked once`);
    const slugs = await this.alternativeBrands();
    const { rows } = await this.pool.query<{ alternatives: number }>(
      `SELECT count(*)::int AS alternatives FROM business_alternatives a JOIN brands r ON r.id = a.brand_id WHERE r.slug = ANY($1::text[])`,
      [slugs],
    );
    const list: number[] = [];
    const summary: number[] = [];
    const sql: number[] = [];
    for (const slug of slugs) {
      const { result, sqlMs } = await this.withSqlTime(() => getOk(this.apiPortList[0], `/api/businesses?alternative_to=${slug}`));
      list.push(result.ms);
      sql.push(sqlMs);
      const total = Number(result.headers['x-total-count']);
      if (result.headers['x-total-count'] !== undefined && !(total > 0 && total <= ALTERNATIVES_PER_BRAND))
        unexpected(`GET /api/businesses?alternative_to=${slug} counts ${total} businesses; its brand has at most ${ALTERNATIVES_PER_BRAND}`);
      summary.push((await getOk(this.apiPortList[0], `/api/businesses/summary?alternative_to=${slug}`)).ms);
    }
    return { brands: slugs.length, alternatives: rows[0].alternatives, listP50: median(list), summaryP50: median(summary), sqlP50: median(sql) };
  }

  /**
   * The partner feed, one page of 500 changes at a time straight from an API process, beside the same page from the
   * bare node:http baseline (feed-baseline.ts: the feed's statements through pg, JSON.stringify of the rows), the two
   * alternating on the same pages, and the SQL each ran: pages in a row from the first change, then from the middle of
   * the change log (a partner that synced half of it), walked FEED_ROUNDS times.
   */
  private async partnerFeed(size: Size): Promise<SizeFigures['partnerFeed']> {
    log(`${sizeName(size)}: the partner feed, pages of ${FEED_PAGE_SIZE} from the start and from the middle`);
    const { rows } = await this.pool.query<{ xid: string; id: number }>(
      `SELECT change_xid::text AS xid, business_id AS id FROM business_changes ORDER BY change_xid, business_id
        OFFSET (SELECT count(*) / 2 FROM business_changes) LIMIT 1`,
    );
    // The cursor as the feed writes it (services/core/src/db/opaque-cursor.ts): a position in the log.
    const middle = rows[0] ? Buffer.from(JSON.stringify([rows[0].xid, rows[0].id])).toString('base64url') : undefined;
    // The route's first call in each process (its code paths still cold) is left out, as a partner polls all day.
    await getOk(this.apiPortList[0], `/api/v1/changes?limit=${FEED_PAGE_SIZE}`);
    await getOk(PORTS.feedBaseline, `/api/v1/changes?limit=${FEED_PAGE_SIZE}`);
    const api: number[] = [];
    const baseline: number[] = [];
    const sql: number[] = [];
    let changes = 0;
    let pages = 0;
    let sameStatements = 0;
    let otherStatements = '';
    const timed = async (port: number, path: string) => {
      const { result, sqlMs, statements } = await this.withSqlTime(() => getOk(port, path));
      return { answer: result, sqlMs, statements, body: JSON.parse(result.body) as { changes: unknown[]; next_cursor: string; has_more: boolean } };
    };
    for (let round = 0; round < FEED_ROUNDS; round++) {
      for (const start of [undefined, middle]) {
        let since = start;
        for (let page = 0; page < FEED_PAGES; page++) {
          const path = `/api/v1/changes?limit=${FEED_PAGE_SIZE}${since ? `&since=${since}` : ''}`;
          // Whichever goes second finds the rows in Postgres's cache: each goes first on every other page.
          const apiFirst = pages % 2 === 0;
          const first = await timed(apiFirst ? this.apiPortList[0] : PORTS.feedBaseline, path);
          const second = await timed(apiFirst ? PORTS.feedBaseline : this.apiPortList[0], path);
          const [fromApi, fromBaseline] = apiFirst ? [first, second] : [second, first];
          pages++;
          api.push(fromApi.answer.ms);
          baseline.push(fromBaseline.answer.ms);
          sql.push(fromApi.sqlMs);
          if (fromApi.body.changes.length !== fromBaseline.body.changes.length || fromApi.body.next_cursor !== fromBaseline.body.next_cursor)
            unexpected(
              `the feed baseline's page ${path} is not the API's: ${fromBaseline.body.changes.length} changes, ${fromApi.body.changes.length} from the API`,
            );
          if (fromApi.answer.headers['content-encoding'] !== fromBaseline.answer.headers['content-encoding'])
            unexpected(
              `the feed baseline answers ${fromBaseline.answer.headers['content-encoding'] ?? 'identity'}, the API ${fromApi.answer.headers['content-encoding'] ?? 'identity'}`,
            );
          // The worker's statements may land in either page's count: the guard asks for most pages, not all.
          if (fromApi.statements.join() === fromBaseline.statements.join()) sameStatements++;
          else otherStatements = `${fromBaseline.statements.join()} vs ${fromApi.statements.join()}`;
          if (round === 0) changes += fromApi.body.changes.length;
          since = fromApi.body.next_cursor;
          if (!fromApi.body.has_more) break;
        }
      }
    }
    if (this.statementsTracked && sameStatements < pages / 2)
      unexpected(
        `the feed baseline ran other statements than the feed on ${pages - sameStatements} of ${pages} pages (pg_stat_statements queryids ${otherStatements})`,
      );
    return { pages, changes, apiP50: median(api), baselineP50: median(baseline), sqlP50: median(sql) };
  }

  /** 20 loops of one- and two-letter searches over both API processes, and a detail read after another meanwhile. */
  private async shortSearches(size: Size): Promise<SizeFigures['shortSearches']> {
    log(`${sizeName(size)}: ${CONNECTIONS} concurrent one- and two-letter searches (${DURATION} s), a detail read meanwhile`);
    const { rows } = await this.pool.query<{ id: number }>('SELECT id FROM businesses ORDER BY random() LIMIT 50');
    let serverErrors = 0;
    let detailFailures = 0;
    let turn = 0;
    const detail: number[] = [];
    let searching = true;
    const reads = (async () => {
      while (searching) {
        const answer = await get(this.apiPortList[turn++ % API_PROCESSES], `/api/businesses/${rows[turn % rows.length].id}`);
        if (answer.status !== 200) detailFailures++;
        detail.push(answer.ms);
      }
    })();
    const latencies = await loop(
      async () => {
        const term = SHORT_SEARCHES[Math.floor(Math.random() * SHORT_SEARCHES.length)];
        const answer = await get(this.apiPortList[turn++ % API_PROCESSES], `/api/businesses?search=${term}`);
        if (answer.status >= 500) serverErrors++;
        else if (answer.status !== 200) unexpected(`search=${term} answered ${answer.status}`);
      },
      CONNECTIONS,
      DURATION,
    );
    searching = false;
    await reads;
    expectNone(serverErrors, 'one- and two-letter searches answered 5xx');
    expectNone(detailFailures, 'detail reads during the searches did not answer 200');
    return {
      p50: median(latencies),
      max: latencies.at(-1) ?? NaN,
      serverErrors,
      requests: latencies.length,
      detailP50: median(detail),
      detailFailures,
    };
  }

  /** A cached public read through the front door, beside nginx serving a static file of the same bytes. */
  private async cachedVsStatic(size: Size): Promise<SizeFigures['cachedVsStatic']> {
    const path = '/api/businesses/summary';
    const sample = await getOk(this.frontDoorPort, path);
    const file = `same-size-${size}.json`;
    writeFileSync(join(this.staticRoot, file), sample.body);
    log(`${sizeName(size)}: ${path} through the front door vs a static file of ${kB(Buffer.byteLength(sample.body))} (${DURATION} s each)`);
    const cached = await drive(`front door ${path}`, this.frontDoorPort, () => path, kB(sample.wireBytes));
    const stat = await drive(`nginx static ${file}`, PORTS.staticFile, () => `/${file}`, kB(sample.wireBytes));
    return { path, bytes: Buffer.byteLength(sample.body), cachedRps: cached.rps, staticRps: stat.rps };
  }

  get staticRoot(): string {
    return join(this.stack.dataDir, 'static-file');
  }

  /** Writes through the API, each followed by a map view at every zoom through the front door; then each API process's RSS and heap. */
  private async memoryAfterWrites(size: Size): Promise<Pick<SizeFigures, 'rssBytes' | 'heaps'>> {
    log(`${sizeName(size)}: ${RSS_WRITES} writes, each followed by map views at every zoom; then RSS`);
    for (let i = 0; i < RSS_WRITES; i++) {
      await this.writer.add();
      const version = await this.tileVersion(this.frontDoorPort);
      if (version === null) continue;
      await Promise.all(TILE_ZOOMS.map((zoom) => getOk(this.frontDoorPort, this.tilePaths(zoom, version, 0)[0])));
    }
    const processes = await Promise.all(
      this.apiPortList.map(async (port) => {
        const { body } = await getOk(port, '/metrics');
        const gauge = (name: string) => {
          const match = new RegExp(`^${name}\\s+(\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)`, 'm').exec(body);
          if (!match) unexpected(`no ${name} in the API's /metrics on port ${port}`);
          return match ? Number(match[1]) : NaN;
        };
        return {
          rss: gauge('process_resident_memory_bytes'),
          used: gauge('nodejs_heap_size_used_bytes'),
          total: gauge('nodejs_heap_size_total_bytes'),
          external: gauge('nodejs_external_memory_bytes'),
        };
      }),
    );
    return { rssBytes: processes.map((one) => one.rss), heaps: processes.map(({ used, total, external }) => ({ used, total, external })) };
  }

  async browser(browser: Browser, size: Size): Promise<BrowserFigures> {
    const figures = {} as BrowserFigures;
    const open = async <T>(work: (page: Page, bytes: ByteCounter) => Promise<T>): Promise<T> => {
      const context = await browser.newContext({ ...PHONE, baseURL: this.origin });
      context.setDefaultTimeout(60_000);
      await context.addInitScript({ content: COUNT_LINE_WATCHER });
      try {
        const page = await context.newPage();
        page.on('response', (response) => {
          if (response.url().includes('/api/') && response.status() >= 500) unexpected(`the page's ${response.url()} answered ${response.status()}`);
        });
        const bytes = await countBytes(context, page);
        await page.goto('/browse', { waitUntil: 'commit' });
        await page.waitForFunction(() => (window as unknown as { __bench: WatcherState }).__bench.shownAt > 0, undefined, { timeout: 60_000 });
        const result = await work(page, bytes);
        await bytes.stop();
        return result;
      } finally {
        await context.close();
      }
    };

    log(`${sizeName(size)}: browser, /browse: count, 'View Details' rows, DOM, heap; then the Map view`);
    const countMs: number[] = [];
    await open(async (page, bytes) => {
      const { shown, shownAt } = await watcher(page);
      figures.shown = shown;
      countMs.push(shownAt);
      figures.viewDetailsVisible = await visibleViewDetails(page);
      await settle(page);
      figures.domNodes = await domNodeCount(page);
      figures.heapBytes = await jsHeapUsed(bytes.cdp);
      const started = performance.now();
      await page.getByRole('button', { name: /Map View/ }).click();
      await page.locator('.leaflet-marker-pane .leaflet-marker-icon').first().waitFor({ timeout: 60_000 });
      figures.mapFirstViewMs = performance.now() - started;
      await settle(page);
      figures.domNodesMap = await domNodeCount(page);
      figures.heapBytesMap = await jsHeapUsed(bytes.cdp);
    });

    for (let run = 1; run < LOAD_RUNS; run++) {
      log(`${sizeName(size)}: browser, /browse ${run + 1}/${LOAD_RUNS}`);
      countMs.push(await open(async (page) => (await watcher(page)).shownAt));
    }
    figures.countMs = median(countMs);

    const typingMs: number[] = [];
    for (let run = 0; run < TYPING_RUNS; run++) {
      log(`${sizeName(size)}: browser, typing "${SEARCH_TERM}" ${run + 1}/${TYPING_RUNS}`);
      const typed = await open(async (page) => {
        await settle(page);
        return typeSearch(page);
      });
      typingMs.push(typed.ms);
      figures.typedCount = typed.count;
    }
    figures.typingMs = median(typingMs);
    return figures;
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
}

/** Elements reading 'View Details' that are rendered visible on /browse as it opens (none when rows need a click first). */
async function visibleViewDetails(page: Page): Promise<number> {
  const links = page.getByText('View Details', { exact: true });
  await links
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => undefined);
  return links.evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).length);
}

/**
 * Runs in every page before its own scripts: notes when the count line first reads 'N businesses found'
 * (performance.now(), i.e. ms since navigation started), the last key pressed, and when the count
 * changes once `watching` is set. Plain JavaScript text: tsx's compiled functions would carry helpers
 * the page does not have.
 */
const COUNT_LINE_WATCHER = `(() => {
  const countLine = new RegExp(${JSON.stringify(COUNT_LINE.source)});
  const state = { shownAt: 0, shown: null, lastKeyAt: 0, changedAt: 0, changedTo: null, before: null, watching: false };
  window.__bench = state;
  function read() {
    const element = document.querySelector('[data-testid="business-count"]');
    const match = countLine.exec(element ? element.textContent || '' : '');
    return match ? Number(match[1].replace(/,/g, '')) : null;
  }
  function check() {
    const now = performance.now();
    const value = read();
    if (value === null) return;
    if (!state.shownAt) { state.shownAt = now; state.shown = value; }
    if (state.watching && !state.changedAt && value !== state.before) { state.changedAt = now; state.changedTo = value; }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('keydown', function () { state.lastKeyAt = performance.now(); }, true);
})();`;

interface WatcherState {
  shownAt: number;
  shown: number | null;
  lastKeyAt: number;
  changedAt: number;
  changedTo: number | null;
  before: number | null;
  watching: boolean;
}

const watcher = (page: Page) => page.evaluate(() => (window as unknown as { __bench: WatcherState }).__bench);

/** Types the search term; ms from the last key until the count line shows a new 'N businesses found' (measured in the page). */
async function typeSearch(page: Page): Promise<{ ms: number; count: number | null }> {
  await page.evaluate(() => {
    const state = (window as unknown as { __bench: WatcherState }).__bench;
    [state.before, state.watching, state.changedAt] = [state.shown, true, 0];
  });
  await page.getByPlaceholder('Search businesses...').pressSequentially(SEARCH_TERM, { delay: 60 });
  await page.waitForFunction(() => (window as unknown as { __bench: WatcherState }).__bench.changedAt > 0, undefined, { timeout: 60_000 });
  const state = await watcher(page);
  return { ms: state.changedAt - state.lastKeyAt, count: state.changedTo };
}

// ---- report --------------------------------------------------------------------------------------------

function printSize(figures: SizeFigures): void {
  console.log(`\n=== ${sizeName(figures.size)}: ${figures.total.toLocaleString('en-GB')} businesses ===`);
  console.table(figures.table.map(({ p50: _p50, rps: _rps, ...row }) => row));
  console.log(`detail req/s = ${(figures.detailShare * 100).toFixed(0)}% of bare node:http (API port)`);
  const tiles = figures.tiles;
  console.log(
    tiles
      ? `tiles: ${tiles.count} uncached, largest ${kB(tiles.maxBytes)} (${tiles.maxBytesAt}); p95 ${ms(tiles.uncachedP95)}, their SQL p95 ${ms(tiles.sqlP95)}`
      : 'tiles: n/a (endpoint missing)',
  );
  const { withoutWriter: off, withWriter: on } = figures;
  console.log(
    `through the front door, p95 without / with the writer (${on.written} businesses added meanwhile): ` +
      `summary ${ms(off.summaryP95)} / ${ms(on.summaryP95)}, tiles ${ms(off.tileP95)} / ${ms(on.tileP95)}`,
  );
  console.log(`search p50 with the writer ${ms(figures.search.apiP50WithWriter)}; its SQL alone p50 ${ms(figures.search.sqlP50)}`);
  const alternatives = figures.alternatives;
  console.log(
    `'Alternative to…': ${alternatives.brands} brands, ${alternatives.alternatives} alternatives; first page p50 ${ms(alternatives.listP50)}, ` +
      `its SQL's executor time p50 ${ms(alternatives.sqlP50)}; summary p50 ${ms(alternatives.summaryP50)}`,
  );
  const feed = figures.partnerFeed;
  console.log(
    `partner feed: ${feed.pages} pages of up to ${FEED_PAGE_SIZE} (${feed.changes} changes, ${FEED_ROUNDS} walks), p50 ${ms(feed.apiP50)}; ` +
      `bare node:http running its SQL p50 ${ms(feed.baselineP50)}; the SQL's executor time p50 ${ms(feed.sqlP50)}`,
  );
  const short = figures.shortSearches;
  console.log(
    `${CONNECTIONS} concurrent 1-2 letter searches: ${short.requests} requests, p50 ${ms(short.p50)}, max ${ms(short.max)}, ${short.serverErrors} 5xx; ` +
      `detail meanwhile p50 ${ms(short.detailP50)} (${short.detailFailures} failed)`,
  );
  const { cachedVsStatic: cvs } = figures;
  console.log(
    `${cvs.path} through the front door ${cvs.cachedRps.toFixed(0)} req/s vs nginx static file of ${kB(cvs.bytes)} ${cvs.staticRps.toFixed(0)} req/s`,
  );
  console.log(
    `API RSS after ${RSS_WRITES} writes with map views: ${figures.rssBytes.map(MB).join(', ')}; ` +
      `V8 heap used of total: ${figures.heaps.map((heap) => `${MB(heap.used)} of ${MB(heap.total)}`).join(', ')}; ` +
      `outside the heap (Buffers): ${figures.heaps.map((heap) => MB(heap.external)).join(', ')}`,
  );
  const b = figures.browser;
  if (b) {
    console.table([
      {
        'count shown': b.shown ?? '(none)',
        'to count (ms)': Math.round(b.countMs),
        "'View Details' visible": b.viewDetailsVisible,
        'DOM nodes': b.domNodes,
        'JS heap': MB(b.heapBytes),
        'first Map view (ms)': Math.round(b.mapFirstViewMs),
        'map DOM': b.domNodesMap,
        'map heap': MB(b.heapBytesMap),
        'typing→results (ms)': Math.round(b.typingMs),
        [`count for "${SEARCH_TERM}"`]: b.typedCount ?? '(none)',
      },
    ]);
  }
}

type Verdict = boolean | null;

/** The scale goals, the largest size against the demo data of this run; n/a where a figure could not be taken. */
function printChecks(all: SizeFigures[]): void {
  const demo = all.find((figures) => figures.size === 'demo');
  const largest = [...all].sort((a, b) => b.total - a.total)[0];
  const compared = demo && demo !== largest ? demo : undefined;
  const lines: string[] = [];
  const check = (verdict: Verdict, what: string, goal: string, measured: string) =>
    lines.push(`${verdict === null ? 'n/a ' : verdict ? 'PASS' : 'FAIL'}  ${what} — goal: ${goal} — ${measured}`);
  const within = (value: number, base: number, factor: number, plus = 0) => value <= Math.max(factor * base, base + plus);
  const known = (...values: number[]) => values.every(Number.isFinite);
  const at = sizeName(largest.size);

  const lb = largest.browser;
  const db = compared?.browser;
  if (lb && db) {
    check(
      within(lb.countMs, db.countMs, 2, 1000),
      '/browse shows its count',
      '≤ 2× demo time (or +1 s)',
      `${Math.round(lb.countMs)} ms at ${at} vs ${Math.round(db.countMs)} ms demo (median of ${LOAD_RUNS})`,
    );
  } else check(null, '/browse shows its count', '≤ 2× demo time (or +1 s)', 'needs the browser, demo and a larger size in one run');
  if (lb) {
    check(lb.viewDetailsVisible > 0, "/browse shows rows with 'View Details' without a click", '> 0', `${lb.viewDetailsVisible} at ${at}`);
    const dom = Math.max(lb.domNodes, lb.domNodesMap);
    check(dom < 5000, '/browse DOM nodes', '< 5,000', `${lb.domNodes} (Locations), ${lb.domNodesMap} (Map) at ${at}`);
    const heap = Math.max(lb.heapBytes, lb.heapBytesMap);
    check(heap < 120 * 1048576, '/browse JS heap', '< 120 MB', `${MB(lb.heapBytes)} (Locations), ${MB(lb.heapBytesMap)} (Map) at ${at}`);
  } else {
    for (const what of ["/browse shows rows with 'View Details' without a click", '/browse DOM nodes', '/browse JS heap'])
      check(null, what, '', 'browser not run (--no-browser or the front-end build failed)');
  }
  const tiles = largest.tiles;
  check(
    tiles ? tiles.maxBytes < 100_000 : null,
    'every map tile answer',
    '< 100 kB',
    tiles ? `largest ${kB(tiles.maxBytes)} of ${tiles.count} at ${at}` : 'n/a (endpoint missing)',
  );
  check(
    tiles && known(tiles.sqlP95) ? tiles.uncachedP95 <= 3 * tiles.sqlP95 : null,
    "uncached tile p95 against the tiles' raw SQL",
    '≤ 3×',
    tiles ? `${ms(tiles.uncachedP95)} vs SQL ${ms(tiles.sqlP95)} at ${at}` : 'n/a (endpoint missing)',
  );
  check(
    lb && db ? within(lb.mapFirstViewMs, db.mapFirstViewMs, 2, 1000) : null,
    'first Map view',
    '≤ 2× demo time (or +1 s)',
    lb && db
      ? `${Math.round(lb.mapFirstViewMs)} ms at ${at} vs ${Math.round(db.mapFirstViewMs)} ms demo`
      : 'needs the browser, demo and a larger size',
  );
  check(
    known(...largest.rssBytes) ? largest.rssBytes.every((rss) => rss < 300 * 1048576) : null,
    `API RSS after ${RSS_WRITES} writes with map views at every zoom`,
    '< 300 MB each',
    `${largest.rssBytes.map(MB).join(', ')} at ${at}${largest.tiles ? '' : ' (no tiles to view: endpoint missing)'}`,
  );
  const { withoutWriter: off, withWriter: on } = largest;
  check(
    within(on.summaryP95, off.summaryP95, 2),
    'summary p95 with the writer',
    '≤ 2× without',
    `${ms(on.summaryP95)} vs ${ms(off.summaryP95)} at ${at}`,
  );
  check(
    known(on.tileP95, off.tileP95) ? within(on.tileP95, off.tileP95, 2) : null,
    'tile p95 with the writer',
    '≤ 2× without',
    known(on.tileP95, off.tileP95) ? `${ms(on.tileP95)} vs ${ms(off.tileP95)} at ${at}` : 'n/a (endpoint missing)',
  );
  check(
    known(largest.search.sqlP50) ? largest.search.apiP50WithWriter <= 2 * largest.search.sqlP50 : null,
    'search p50 with the writer against its raw SQL',
    '≤ 2×',
    `${ms(largest.search.apiP50WithWriter)} vs SQL ${ms(largest.search.sqlP50)} at ${at}`,
  );
  const alternatives = largest.alternatives;
  const demoAlternatives = compared?.alternatives;
  check(
    demoAlternatives ? within(alternatives.listP50, demoAlternatives.listP50, 2, 20) : null,
    "an 'Alternative to…' page, the same brands and alternatives",
    '≤ 2× demo (or +20 ms)',
    demoAlternatives
      ? `p50 ${ms(alternatives.listP50)} at ${at} vs ${ms(demoAlternatives.listP50)} demo; ` +
          `its SQL's executor time p50 ${ms(alternatives.sqlP50)} vs ${ms(demoAlternatives.sqlP50)}`
      : 'needs demo and a larger size',
  );
  check(
    demoAlternatives ? within(alternatives.summaryP50, demoAlternatives.summaryP50, 2, 20) : null,
    "the summary of an 'Alternative to…' filter (counted, no rollup)",
    '≤ 2× demo (or +20 ms)',
    demoAlternatives ? `p50 ${ms(alternatives.summaryP50)} at ${at} vs ${ms(demoAlternatives.summaryP50)} demo` : 'needs demo and a larger size',
  );
  const feed = largest.partnerFeed;
  check(
    feed.apiP50 <= 2 * feed.baselineP50,
    `a partner feed page of ${FEED_PAGE_SIZE} changes against its raw SQL served by bare node:http`,
    '≤ 2×',
    `p50 ${ms(feed.apiP50)} vs ${ms(feed.baselineP50)} over ${feed.pages} pages (${feed.changes} changes) at ${at}; the SQL's executor time p50 ${ms(feed.sqlP50)}`,
  );
  const short = largest.shortSearches;
  check(
    short.serverErrors === 0,
    `${CONNECTIONS} concurrent 1-2 letter searches: 5xx`,
    'none',
    `${short.serverErrors} of ${short.requests} at ${at}`,
  );
  const demoShort = compared?.shortSearches;
  check(
    demoShort ? within(short.p50, demoShort.p50, 2) : null,
    `${CONNECTIONS} concurrent 1-2 letter searches: p50`,
    '≤ 2× demo',
    demoShort ? `${ms(short.p50)} at ${at} vs ${ms(demoShort.p50)} demo` : 'needs demo and a larger size',
  );
  check(
    demoShort ? short.detailFailures === 0 && within(short.detailP50, demoShort.detailP50, 2) : null,
    'a detail read while they run',
    '2xx, p50 ≤ 2× demo',
    demoShort ? `${ms(short.detailP50)} at ${at} vs ${ms(demoShort.detailP50)} demo, ${short.detailFailures} failed` : 'needs demo and a larger size',
  );
  const cvs = largest.cachedVsStatic;
  check(
    cvs.cachedRps >= 0.5 * cvs.staticRps,
    'cached public reads through the front door against nginx serving a static file of the same size',
    '≥ 50% of its req/s',
    `${cvs.cachedRps.toFixed(0)} vs ${cvs.staticRps.toFixed(0)} req/s (${((100 * cvs.cachedRps) / Math.max(1, cvs.staticRps)).toFixed(0)}%), ${cvs.path}, ${kB(cvs.bytes)}`,
  );
  console.log(`\n=== scale goals (${at} vs demo, this run) ===`);
  for (const line of lines) console.log(line);
}

// ---- main -----------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  let stack: BenchStack | undefined;
  let bench: Bench | undefined;
  let browser: Browser | undefined;
  const watchdog = setTimeout(() => {
    console.error(`[bench:scale] still running after ${TIME_LIMIT_MINUTES} minutes: stopping`);
    void (async () => {
      await browser?.close().catch(() => undefined);
      await stack?.stop().catch(() => undefined);
      process.exit(1);
    })();
  }, TIME_LIMIT_MINUTES * 60_000);
  watchdog.unref();
  try {
    stack = await provisionBenchStack({
      name: 'bench-scale',
      database: 'zaytoon_bench_scale',
      postgresPort: PORTS.postgres,
      redisPort: PORTS.redis,
      externalDatabaseUrl: process.env.DATABASE_URL,
      externalRedisUrl: process.env.REDIS_URL,
      seedAdminPassword: 'admin-dev-password',
      postgresSettings: { shared_preload_libraries: 'pg_stat_statements' },
    });
    // The stack's own settings (infra/dev/config.ts) on this benchmark's ports and data folder.
    const config = loadConfig('test', {
      ...process.env,
      PORT_OFFSET: '0',
      DATA_DIR: stack.dataDir,
      UPLOAD_DIR: stack.uploadDir,
      API_PORT: String(PORTS.api),
      SHELL_PORT: String(PORTS.shell),
      DIRECTORY_PORT: String(PORTS.directory),
      ADMIN_PORT: String(PORTS.admin),
      MAIL_CATCHER_SMTP_PORT: String(PORTS.mailSmtp),
      MAIL_CATCHER_HTTP_PORT: String(PORTS.mailHttp),
      PUBLIC_ORIGIN: '',
      API_ORIGIN: '',
      DIRECTORY_REMOTE_URL: '',
      ADMIN_REMOTE_URL: '',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
    });
    // The writer adds far more than a member may (the API processes inherit it).
    process.env.RATE_LIMIT_WRITES_PER_USER ??= '100000000';
    let built = false;
    if (BROWSER) {
      log('building the front-ends (turbo; cached when unchanged)');
      built = await buildFrontends(config, stack.supervisor);
      if (!built) {
        if (SMOKE) unexpected('the front-end build failed');
        log('front-end build failed: measuring the API only');
      }
    }
    const ports = apiPorts(config, API_PROCESSES);
    log(
      `starting ${API_PROCESSES} API processes :${ports.join(', :')}, a worker, the front door :${PORTS.shell}, baseline :${PORTS.baseline}, feed baseline :${PORTS.feedBaseline}`,
    );
    await startApplications(config, stack.supervisor, { databaseUrl: stack.databaseUrl, redisUrl: stack.redisUrl }, sessionSecret(config), {
      apis: API_PROCESSES,
    });
    stack.startService('baseline', ['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${PORTS.baseline}, '127.0.0.1')`], {});
    await waitForHttp(`http://127.0.0.1:${PORTS.baseline}/`);
    stack.startService('feed-baseline', 'infra/load/feed-baseline.ts', {
      FEED_BASELINE_PORT: String(PORTS.feedBaseline),
      DATABASE_URL: stack.databaseUrl,
    });
    await waitForHttp(`http://127.0.0.1:${PORTS.feedBaseline}/api/v1/changes?limit=1`);
    const staticRoot = join(stack.dataDir, 'static-file');
    mkdirSync(staticRoot, { recursive: true });
    writeFileSync(join(staticRoot, 'index.html'), 'ok');
    await startRemoteServer(
      'static-file',
      { ...nginxProcessSettings(join(stack.dataDir, 'nginx', 'static-file'), await loopbackListen(PORTS.staticFile)), root: staticRoot },
      superviseWith(stack.supervisor, false),
      `http://localhost:${PORTS.staticFile}/index.html`,
    );

    const writer = await Writer.signUp(config.publicOrigin);
    bench = new Bench(stack, PORTS.shell, ports, writer);
    await bench.open();
    if (built) {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        headless: true,
        args: [...CHROMIUM_ARGS, LOOPBACK_ONLY_ARG],
      });
    }
    const all: SizeFigures[] = [];
    for (const size of SIZES) {
      const total = await bench.growTo(size);
      log(`${sizeName(size)}: ${total.toLocaleString('en-GB')} businesses`);
      const figures = await bench.measure(size, browser);
      all.push(figures);
      printSize(figures);
    }
    printChecks(all);
    console.log(
      `\nMachine: ${cpus().length} cores, shared; ${API_PROCESSES} API processes behind the nginx front door; autocannon ${CONNECTIONS} connections × ` +
        `${DURATION} s per row, gzip asked for; browser: headless Chromium, ${PHONE.viewport.width}×${PHONE.viewport.height} mobile, ` +
        `no throttling, a cold browser cache per run. Took ${((Date.now() - started) / 60000).toFixed(1)} min.`,
    );
  } finally {
    clearTimeout(watchdog);
    await browser?.close().catch(() => undefined);
    await bench?.close();
    await stack?.stop();
  }
}

await main();
process.exit(smokeExitCode());
