/**
 * npm run bench:frontdoor — the nginx front door against the API port it fronts, in the same run
 * GET /api/businesses/{id} at 20 connections straight to the API and through
 * the front door, alternated over several rounds so a busy machine moves both alike; the front door's
 * p50 must stay within 1.5× of the API's. Also checks what the front door answers for a page and a
 * script (CSP with frame-ancestors, nosniff, compressed JS with immutable caching), and measures static
 * files. Own Postgres database and Redis, demo data + 10,000 businesses. A script, not a test.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, repoRoot } from '../dev/config';
import { waitForHttp } from '../dev/net';
import { superviseWith } from '../dev/supervisor';
import { buildFrontends, startFrontDoorAndRemotes } from '../dev/stack';
import { benchPort, provisionBenchStack, type BenchStack } from './bench-stack';
import { seedExtraBusinesses } from './extra-businesses';
import { full, SMOKE, smokeExitCode, unexpected } from './smoke';

const API_PORT = benchPort(3310);
const FRONT_DOOR_PORT = benchPort(8310);
const DURATION = full(Number(process.env.BENCH_DURATION_SECONDS ?? 8), 1);
const ROUNDS = full(Number(process.env.BENCH_ROUNDS ?? 3), 1);
const CONNECTIONS = 20;
const TARGET_RATIO = 1.5;

interface Measured {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, path: () => string, headers: Record<string, string> = {}): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const row = (name: string, m: Measured) =>
  `${name.padEnd(44)} p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ${m.rps.toFixed(0).padStart(6)} req/s  errors ${m.errors}  non-2xx ${m.non2xx}`;

/** A target (a figure that moves with the machine's load): a smoke run prints it and is not failed by it. */
function check(label: string, ok: boolean, detail: string): boolean {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}: ${detail}`);
  return ok || SMOKE;
}

/** What holds on any machine (answers, headers): a smoke run fails without it. */
function mustHold(label: string, ok: boolean, detail: string): boolean {
  if (!ok && SMOKE) unexpected(`${label}: ${detail}`);
  return check(label, ok, detail);
}

async function main(): Promise<void> {
  let stack: BenchStack | undefined;
  let ok = true;
  try {
    stack = await provisionBenchStack({
      name: 'bench-frontdoor',
      database: 'zaytoon_bench_frontdoor',
      postgresPort: 5438,
      redisPort: 6385,
      externalDatabaseUrl: process.env.DATABASE_URL,
      externalRedisUrl: process.env.REDIS_URL,
      seedAdminPassword: 'admin-dev-password',
    });
    const pool = new pg.Pool({ connectionString: stack.databaseUrl });
    await seedExtraBusinesses(pool, full(10_000, 300));
    await pool.query('ANALYZE');
    const { rows } = await pool.query<{ min: number; max: number }>('SELECT min(id), max(id) FROM businesses');
    await pool.end();

    const config = loadConfig('test', {
      ...process.env,
      DATA_DIR: stack.dataDir,
      API_PORT: String(API_PORT),
      SHELL_PORT: String(FRONT_DOOR_PORT),
      DIRECTORY_PORT: String(FRONT_DOOR_PORT + 1),
      ADMIN_PORT: String(FRONT_DOOR_PORT + 2),
      PUBLIC_ORIGIN: `http://localhost:${FRONT_DOOR_PORT}`,
    });
    if (!existsSync(join(repoRoot, 'shell', 'dist', 'index.html')) && !(await buildFrontends(config, stack.supervisor)))
      throw new Error('front-end build failed');
    stack.startService('api', 'services/api/src/main.ts', {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: stack.databaseUrl,
      REDIS_URL: stack.redisUrl,
      API_PORT: String(API_PORT),
      PUBLIC_ORIGIN: config.publicOrigin,
      SESSION_SECRET: 'bench-session-secret-0123456789',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
      UPLOAD_DIR: stack.uploadDir,
    });
    await waitForHttp(`http://127.0.0.1:${API_PORT}/readyz`, { ready: (status) => status === 200 });
    await startFrontDoorAndRemotes(config, superviseWith(stack.supervisor, false), [API_PORT]);

    const api = `http://127.0.0.1:${API_PORT}`;
    const door = `http://127.0.0.1:${FRONT_DOOR_PORT}`;
    const detail = () => `/api/businesses/${rows[0].min + Math.floor(Math.random() * (rows[0].max - rows[0].min + 1))}`;
    // Warm both paths (the answer cache, nginx's upstream connections) before measuring.
    await measure(api, detail);

    console.log(`\nGET /api/businesses/{id}, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds alternating\n`);
    const direct: Measured[] = [];
    const proxied: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      direct.push(await measure(api, detail));
      console.log(row(`  API port (round ${round + 1})`, direct.at(-1)!));
      proxied.push(await measure(door, detail));
      console.log(row(`  front door (round ${round + 1})`, proxied.at(-1)!));
    }
    const apiP50 = median(direct.map((m) => m.p50));
    const doorP50 = median(proxied.map((m) => m.p50));
    const ratio = doorP50 / Math.max(apiP50, 1);

    console.log('\nStatic files through the front door (for reference)\n');
    const page = await fetch(`${door}/browse`);
    // The page's largest script: the smallest (a few bytes of re-export) are below the build's precompression threshold.
    const scripts = [...new Set((await page.text()).match(/\/assets\/[^"]+\.js/g) ?? [])];
    const sizes = await Promise.all(scripts.map(async (path) => (await (await fetch(`${door}${path}`)).arrayBuffer()).byteLength));
    const script = scripts[sizes.indexOf(Math.max(...sizes))] ?? '/';
    console.log(row('  GET /browse (index.html)', await measure(door, () => '/browse', { 'accept-encoding': 'br, gzip' })));
    console.log(row(`  GET ${script.slice(0, 30)}… (br)`, await measure(door, () => script, { 'accept-encoding': 'br, gzip' })));

    const scriptAnswer = await fetch(`${door}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const csp = page.headers.get('content-security-policy') ?? '';
    console.log('\nGoals');
    ok =
      mustHold(
        'no errors or non-2xx on the API port',
        direct.every((m) => !m.errors && !m.non2xx),
        `${direct.reduce((s, m) => s + m.errors + m.non2xx, 0)}`,
      ) && ok;
    ok =
      check(
        'business detail p50 through the front door within 1.5× of the API port',
        ratio <= TARGET_RATIO,
        `${doorP50} ms vs ${apiP50} ms (${ratio.toFixed(2)}×)`,
      ) && ok;
    ok =
      mustHold(
        'no errors or non-2xx through the front door',
        proxied.every((m) => !m.errors && !m.non2xx),
        `${proxied.reduce((s, m) => s + m.errors + m.non2xx, 0)}`,
      ) && ok;
    ok =
      mustHold(
        'HTML carries a CSP with frame-ancestors, and nosniff',
        /frame-ancestors 'none'/.test(csp) && page.headers.get('x-content-type-options') === 'nosniff',
        csp.slice(0, 60) + '…',
      ) && ok;
    ok =
      mustHold(
        'JS served compressed with immutable caching',
        ['br', 'gzip'].includes(scriptAnswer.headers.get('content-encoding') ?? '') &&
          /immutable/.test(scriptAnswer.headers.get('cache-control') ?? ''),
        `${scriptAnswer.headers.get('content-encoding')}, ${scriptAnswer.headers.get('cache-control')}`,
      ) && ok;
  } finally {
    await stack?.stop();
  }
  process.exit(SMOKE ? smokeExitCode() : ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
