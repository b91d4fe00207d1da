/**
 * npm run bench:api — drives the real API (own Postgres database and Redis, 10,000 extra businesses)
 * with autocannon and prints requests/s and p50/p95/p99 per scenario, beside a bare node:http
 * hello-world measured in the same run as this machine's ceiling. Each scenario whose share of bare
 * matters (healthz, a 404 under /api, detail, votes, categories) is measured right after a bare
 * run of its own, so that a busy machine moves both alike. A script, not a test: numbers vary.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import type { BusinessDetail, BusinessInput } from '@zaytoon/contract';
import { waitForHttp } from '../dev/net';
import { CookieJar } from '../e2e/support/cookie-jar';
import { benchPort, percentile, provisionBenchStack, type BenchStack } from './bench-stack';
import { seedExtraBusinesses } from './extra-businesses';
import { expectNone, full, SMOKE, smokeExitCode } from './smoke';

const API_PORT = Number(process.env.BENCH_API_PORT || benchPort(3300));
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT || benchPort(3301));
const DURATION = full(Number(process.env.BENCH_DURATION_SECONDS ?? 10), 1);
const EXTRA_BUSINESSES = full(10_000, 300);
const SEARCH_TERMS = [
  'olive',
  'bakery',
  'london',
  'cafe',
  'restarant',
  'manchester',
  'books',
  'M1',
  'grocery',
  'falafel',
  'kitchen',
  'soap',
  'leeds',
  'tatreez',
  'coffee',
  'glasgow',
  'bristol',
  'beauty',
  'tech',
  'garden',
  'olive kitchen',
  'jaffa bakery',
  'cafe leeds',
  'bookshop',
];
/** Words of the seeded businesses (and typos of them): the uncached searches are made of these. */
const SEARCH_WORDS = [
  'olive',
  'cedar',
  'jaffa',
  'hebron',
  'nablus',
  'gaza',
  'tatreez',
  'zaytoun',
  'sumud',
  'karama',
  'kitchen',
  'bakery',
  'books',
  'cafe',
  'grocery',
  'studio',
  'soap',
  'tech',
  'garden',
  'beauty',
  'london',
  'manchester',
  'birmingham',
  'leeds',
  'glasgow',
  'bristol',
  'liverpool',
  'cardiff',
  'leicester',
  'belfast',
  'falafel',
  'coffee',
  'community',
  'restarant',
  'bakary',
  'grocry',
  'machester',
  'clothing',
  'wellness',
  'crafts',
];

/**
 * The n-th search of a sequence in which no two are the same (n written in base SEARCH_WORDS.length, one word a
 * digit, from two words up), so no answer is ever kept: every request is computed by Postgres.
 */
function uncachedSearchTerm(n: number): string {
  const words: string[] = [];
  for (let rest = n + SEARCH_WORDS.length; rest > 0; rest = Math.floor(rest / SEARCH_WORDS.length))
    words.push(SEARCH_WORDS[rest % SEARCH_WORDS.length]);
  return words.join(' ');
}

/** Detail must reach this share of bare node:http requests/s. */
const DETAIL_TARGET_SHARE = 0.35;

interface Scenario {
  name: string;
  port: number;
  connections: number;
  rate?: number;
  requests: () => { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
  /** Measured right after a bare node:http run of its own and printed as a share of it. */
  paired?: boolean;
  /** Runs before the scenario is measured (not timed). */
  before?: () => Promise<void>;
  /** The status every answer must have (2xx when left out). */
  expectStatus?: number;
}

async function run(scenario: Scenario) {
  const latencies: number[] = [];
  let non2xx = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${scenario.port}`,
    connections: scenario.connections,
    duration: DURATION,
    ...(scenario.rate ? { overallRate: scenario.rate } : {}),
    // Browsers ask for gzip; the API keeps gzipped list answers ready.
    headers: { 'accept-encoding': 'gzip' },
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...scenario.requests() }) }],
    // Without a callback autocannon answers its instance, which is also a promise of the result.
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  let unexpectedStatus = 0;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode >= 300) non2xx++;
    if (scenario.expectStatus ? statusCode !== scenario.expectStatus : statusCode < 200 || statusCode > 299) unexpectedStatus++;
  });
  const result = await instance;
  expectNone(unexpectedStatus, `${scenario.name}: answers other than ${scenario.expectStatus ?? '2xx'}`);
  expectNone(result.errors + result.timeouts, `${scenario.name}: errors or timeouts`);
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': percentile(latencies, 50).toFixed(1),
    'p95 ms': percentile(latencies, 95).toFixed(1),
    'p99 ms': percentile(latencies, 99).toFixed(1),
    requests: latencies.length,
    'non-2xx': non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** GETs every path once, `concurrency` at a time (fills the API's answer cache before a measured run). */
async function requestEach(baseUrl: string, paths: string[], concurrency = 20): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      await fetch(baseUrl + path, { headers: { 'accept-encoding': 'gzip' } }).then((answer) => answer.arrayBuffer());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function login(baseUrl: string, origin: string) {
  const jar = new CookieJar();
  jar.keep(await fetch(`${baseUrl}/api/auth/me`));
  const headers = () => ({
    'content-type': 'application/json',
    origin,
    cookie: jar.header(),
    'x-xsrf-token': jar.decoded('XSRF-TOKEN'),
  });
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ login: 'admin', password: 'admin-dev-password' }),
  });
  if (!answer.ok) throw new Error(`bench login failed: ${answer.status}`);
  jar.keep(answer);
  return headers();
}

/** What the edit form sends back for a business unchanged: the contract's input, where "none" is '' rather than null. */
function unchangedInput(business: BusinessDetail): BusinessInput {
  return {
    name: business.name,
    name_latin: business.name_latin ?? '',
    address: business.address,
    city: business.city,
    postcode: business.postcode,
    category: business.category,
    description: business.description,
    phone: business.phone,
    website: business.website,
    sources: business.sources.map(({ id, kind, url, description, date }) => ({ id, kind, url: url ?? '', description, date })),
    business_hours: business.business_hours,
    social_media: business.social_media,
    latitude: business.latitude,
    longitude: business.longitude,
  };
}

/** An admin saves a business unchanged: a real business write. */
async function rewriteBusiness(baseUrl: string, id: number, headers: Record<string, string>): Promise<void> {
  const business = (await (await fetch(`${baseUrl}/api/businesses/${id}`)).json()) as BusinessDetail;
  const answer = await fetch(`${baseUrl}/api/businesses/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify(unchangedInput(business)),
  });
  if (!answer.ok) throw new Error(`bench business write failed: ${answer.status} ${await answer.text()}`);
}

async function main() {
  let stack: BenchStack | undefined;
  try {
    stack = await provisionBenchStack({
      name: 'bench',
      database: 'zaytoon_bench',
      postgresPort: 5436,
      redisPort: 6383,
      externalDatabaseUrl: process.env.DATABASE_URL,
      externalRedisUrl: process.env.REDIS_URL,
      seedAdminPassword: 'admin-dev-password',
    });
    const { databaseUrl, redisUrl } = stack;
    const pool = new pg.Pool({ connectionString: databaseUrl });
    const added = await seedExtraBusinesses(pool, EXTRA_BUSINESSES);
    await pool.query('ANALYZE');
    const { rows } = await pool.query<{ min: number; max: number; total: number }>('SELECT min(id), max(id), count(*)::int AS total FROM businesses');
    await pool.end();
    console.log(`seeded ${added} extra businesses; ${rows[0].total} in all`);

    const origin = `http://localhost:${API_PORT}`;
    const apiEnv = {
      NODE_ENV: 'development',
      // As production logs: a readable line costs ~90 µs, a JSON one ~10 µs.
      LOG_FORMAT: 'json',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      API_PORT: String(API_PORT),
      PUBLIC_ORIGIN: origin,
      SESSION_SECRET: 'bench-session-secret-0123456789',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
      RATE_LIMIT_WRITES_PER_USER: '100000000',
      UPLOAD_DIR: stack.uploadDir,
    };
    stack.startService('api', 'services/api/src/main.ts', apiEnv);
    stack.startService('baseline', ['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${BASELINE_PORT})`], {});
    await waitForHttp(`http://127.0.0.1:${API_PORT}/readyz`, { ready: (status) => status === 200 });
    await waitForHttp(`http://127.0.0.1:${BASELINE_PORT}/`);
    const writeHeaders = await login(`http://127.0.0.1:${API_PORT}`, origin);
    const { min, max } = rows[0];
    const api = `http://127.0.0.1:${API_PORT}`;
    const randomId = () => min + Math.floor(Math.random() * (max - min + 1));
    const randomTerm = () => SEARCH_TERMS[Math.floor(Math.random() * SEARCH_TERMS.length)];
    let uncachedSearches = 0;
    const newSearchPath = () => `/api/businesses?search=${encodeURIComponent(uncachedSearchTerm(uncachedSearches++))}`;
    const everyId = Array.from({ length: max - min + 1 }, (_, index) => `/api/businesses/${min + index}`);
    const get = (path: () => string) => () => ({ method: 'GET' as const, path: path() });

    const scenarios: Scenario[] = [
      { name: 'baseline node:http hello', port: BASELINE_PORT, connections: 20, requests: get(() => '/') },
      { name: 'GET /healthz', port: API_PORT, connections: 20, paired: true, requests: get(() => '/healthz') },
      {
        name: 'GET /api/no-such-thing (404)',
        port: API_PORT,
        connections: 20,
        paired: true,
        expectStatus: 404,
        requests: get(() => '/api/no-such-thing'),
      },
      {
        name: 'GET /api/businesses/{id}, cold cache',
        port: API_PORT,
        connections: 20,
        paired: true,
        // A business write first (it drops every kept answer in every API process): mostly first requests of an id.
        before: () => rewriteBusiness(api, min, writeHeaders),
        requests: get(() => `/api/businesses/${randomId()}`),
      },
      {
        name: 'GET /api/businesses/{id}',
        port: API_PORT,
        connections: 20,
        paired: true,
        // Steady state: each of the ~10k businesses requested once before (as the search terms below).
        before: () => requestEach(api, everyId),
        requests: get(() => `/api/businesses/${randomId()}`),
      },
      {
        name: 'GET /api/businesses/{id}/votes',
        port: API_PORT,
        connections: 20,
        paired: true,
        requests: get(() => `/api/businesses/${randomId()}/votes`),
      },
      {
        name: 'POST /api/businesses/{id}/vote',
        port: API_PORT,
        connections: 20,
        paired: true,
        requests: () => ({
          method: 'POST',
          path: `/api/businesses/${randomId()}/vote`,
          body: JSON.stringify({ vote_type: Math.random() < 0.7 ? 'upvote' : 'downvote' }),
          headers: { ...writeHeaders, 'accept-encoding': 'gzip' },
        }),
      },
      { name: 'GET /api/categories', port: API_PORT, connections: 20, paired: true, requests: get(() => '/api/categories') },
      {
        name: 'GET /api/businesses?search= @200/s',
        port: API_PORT,
        connections: 20,
        rate: 200,
        before: () =>
          requestEach(
            api,
            SEARCH_TERMS.map((term) => `/api/businesses?search=${encodeURIComponent(term)}`),
          ),
        requests: get(() => `/api/businesses?search=${encodeURIComponent(randomTerm())}`),
      },
      {
        name: 'GET /api/businesses?search= max',
        port: API_PORT,
        connections: 20,
        requests: get(() => `/api/businesses?search=${encodeURIComponent(randomTerm())}`),
      },
      // A search no one asked before on every request: the API's kept answers cannot help, Postgres does the work.
      { name: 'GET /api/businesses?search= uncached, 1 connection', port: API_PORT, connections: 1, requests: get(newSearchPath) },
      { name: 'GET /api/businesses?search= uncached max', port: API_PORT, connections: 20, requests: get(newSearchPath) },
      { name: 'GET /api/businesses (first page)', port: API_PORT, connections: 10, requests: get(() => '/api/businesses') },
    ];
    const bare = scenarios[0];
    const results: Record<string, unknown>[] = [];
    const shares: { scenario: string; 'req/s': number; 'bare req/s': number; share: string; value: number }[] = [];
    for (const scenario of scenarios) {
      await scenario.before?.();
      let bareResult: Awaited<ReturnType<typeof run>> | undefined;
      // A smoke run pairs only the detail, whose share ends the report.
      if (scenario.paired && (!SMOKE || scenario.name === 'GET /api/businesses/{id}')) {
        console.log(`running: ${bare.name} (${DURATION}s), paired with the next`);
        bareResult = await run(bare);
        results.push(bareResult);
      }
      console.log(`running: ${scenario.name} (${DURATION}s)`);
      const result = await run(scenario);
      results.push(result);
      if (bareResult) {
        const value = result['req/s'] / bareResult['req/s'];
        shares.push({
          scenario: scenario.name,
          'req/s': result['req/s'],
          'bare req/s': bareResult['req/s'],
          share: `${(100 * value).toFixed(1)}%`,
          value,
        });
      }
    }
    console.table(results);
    console.log('Share of bare node:http requests/s (each measured right after its own bare run, 20 connections, through the API port):');
    console.table(shares.map(({ value: _value, ...row }) => row));
    console.log('Search, kept answers (24 terms asked before) beside searches never asked before (computed by Postgres each time):');
    console.table(
      results
        .filter((row) => String(row.scenario).includes('?search='))
        .map(({ scenario, 'req/s': perSecond, 'p50 ms': p50, 'p95 ms': p95 }) => ({ scenario, 'req/s': perSecond, 'p50 ms': p50, 'p95 ms': p95 })),
    );
    const detail = shares.find((row) => row.scenario === 'GET /api/businesses/{id}')!;
    const verdict = detail.value >= DETAIL_TARGET_SHARE ? 'PASS' : 'FAIL';
    console.log(`${verdict}: business detail at ${(100 * detail.value).toFixed(1)}% of bare node:http (target ≥ ${100 * DETAIL_TARGET_SHARE}%)`);
    console.log('Target: list with search p95 < 50 ms at 200 requests/s on a 2-core machine.');
    console.log(
      "Public answers (detail, pages, categories) are kept per API process and served to visitors before Express; any business write drops them in every process (Redis pub/sub), a vote drops that business's detail. The cold detail run starts right after a business write (every answer dropped); the other detail run after each business was requested once.",
    );
  } finally {
    await stack?.stop();
  }
}

await main();
process.exit(smokeExitCode());
