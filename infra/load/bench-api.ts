/**
 * npm run bench:api — drives the real API (own Postgres database and Redis, 10,000 extra businesses)
 * with autocannon and prints requests/s and p50/p95/p99 per scenario, beside a bare node:http
 * hello-world measured in the same run as this machine's ceiling. A script, not a test: numbers vary.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { waitForHttp } from '../dev/net.ts';
import { benchPort, percentile, provisionBenchStack, type BenchStack } from './bench-stack.ts';
import { seedExtraBusinesses } from './extra-businesses.ts';

const API_PORT = Number(process.env.BENCH_API_PORT || benchPort(3300));
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT || benchPort(3301));
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const SEARCH_TERMS = ['olive', 'bakery', 'london', 'cafe', 'restarant', 'manchester', 'books', 'M1', 'grocery', 'falafel', 'kitchen', 'soap', 'leeds', 'tatreez', 'coffee', 'glasgow', 'bristol', 'beauty', 'tech', 'garden', 'olive kitchen', 'jaffa bakery', 'cafe leeds', 'bookshop'];

interface Scenario {
  name: string;
  port: number;
  connections: number;
  rate?: number;
  requests: () => { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
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
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, ...scenario.requests() }) }],
  } as autocannon.Options);
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode >= 300) non2xx++;
  });
  const result = await instance;
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

async function login(baseUrl: string, origin: string) {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  keep(await fetch(`${baseUrl}/api/auth/me`));
  const headers = () => ({
    'content-type': 'application/json',
    origin,
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  });
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ login: 'admin', password: 'admin-dev-password' }),
  });
  if (!answer.ok) throw new Error(`bench login failed: ${answer.status}`);
  keep(answer);
  return headers();
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
    const added = await seedExtraBusinesses(pool, 10_000);
    await pool.query('ANALYZE');
    const { rows } = await pool.query<{ min: number; max: number; total: number }>('SELECT min(id), max(id), count(*)::int AS total FROM businesses');
    await pool.end();
    console.log(`seeded ${added} extra businesses; ${rows[0].total} in all`);

    const origin = `http://localhost:${API_PORT}`;
    const apiEnv = {
      NODE_ENV: 'development',
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
    await waitForHttp(`http://127.0.0.1:${API_PORT}/healthz`);
    await waitForHttp(`http://127.0.0.1:${BASELINE_PORT}/`);
    const writeHeaders = await login(`http://127.0.0.1:${API_PORT}`, origin);
    const { min, max } = rows[0];
    const randomId = () => min + Math.floor(Math.random() * (max - min + 1));
    const randomTerm = () => SEARCH_TERMS[Math.floor(Math.random() * SEARCH_TERMS.length)];

    const scenarios: Scenario[] = [
      { name: 'baseline node:http hello', port: BASELINE_PORT, connections: 20, requests: () => ({ method: 'GET', path: '/' }) },
      { name: 'GET /api/businesses?search= @200/s', port: API_PORT, connections: 20, rate: 200, requests: () => ({ method: 'GET', path: `/api/businesses?search=${encodeURIComponent(randomTerm())}` }) },
      { name: 'GET /api/businesses?search= max', port: API_PORT, connections: 20, requests: () => ({ method: 'GET', path: `/api/businesses?search=${encodeURIComponent(randomTerm())}` }) },
      { name: 'GET /api/businesses (all, ~10k)', port: API_PORT, connections: 10, requests: () => ({ method: 'GET', path: '/api/businesses' }) },
      { name: 'GET /api/businesses/{id}', port: API_PORT, connections: 20, requests: () => ({ method: 'GET', path: `/api/businesses/${randomId()}` }) },
      { name: 'POST /api/businesses/{id}/vote', port: API_PORT, connections: 20, requests: () => ({ method: 'POST', path: `/api/businesses/${randomId()}/vote`, body: JSON.stringify({ vote_type: Math.random() < 0.7 ? 'upvote' : 'downvote' }), headers: { ...writeHeaders, 'accept-encoding': 'gzip' } }) },
    ];
    for (const term of SEARCH_TERMS) await fetch(`http://127.0.0.1:${API_PORT}/api/businesses?search=${encodeURIComponent(term)}`).then((r) => r.arrayBuffer());
    const results = [];
    for (const scenario of scenarios) {
      console.log(`running: ${scenario.name} (${DURATION}s)`);
      results.push(await run(scenario));
    }
    console.table(results);
    console.log('Target: list with search p95 < 50 ms at 200 requests/s on a 2-core machine.');
    console.log('List answers are cached per API process for 60 s under a version token in Redis, dropped by any business write (not by votes); each search term was requested once before measuring.');
  } finally {
    await stack?.stop();
  }
}

await main();
process.exit(0);
