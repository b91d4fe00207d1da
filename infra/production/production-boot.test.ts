// The production path without Docker: `npm run build:servers`, then the compiled migrate CLI, API and
// worker run by plain node with NODE_ENV=production, as server.Dockerfile runs them, against real
// Postgres (its own database), Redis (its own logical db) and the dev mail catcher. Requests carry
// what the front door adds (X-Forwarded-Proto: https, the public Origin), so the Secure cookies work.
// Redis is its own redis-server with AOF and noeviction, as production must have it (the servers refuse
// anything else). Needs DATABASE_URL, MAIL_CATCHER_SMTP_PORT and MAIL_CATCHER_HTTP_PORT.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { builtinModules } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessInput } from '@zaytoon/contract';
import { repoRoot } from '../dev/config';
import { portInUse, waitForHttp } from '../dev/net';
import { dropDatabase, ensureDatabase, withDatabase } from '../dev/postgres';
import { startRedisServer } from '../dev/redis';
import { unsupervised, type ManagedProcess } from '../dev/supervisor';
import { businessInput, eventually } from '../e2e/jobs/api-client';
import { listMail, type Mail } from '../e2e/support/mailbox';
import { balancerClient } from './balancer-client';

const SERVERS = { core: 'services/core', api: 'services/api', worker: 'services/worker' } as const;
const API_ENTRY = join(repoRoot, SERVERS.api, 'dist/main.js');
const WORKER_ENTRY = join(repoRoot, SERVERS.worker, 'dist/main.js');
const MIGRATE_ENTRY = join(repoRoot, SERVERS.core, 'dist/migrate.js');
const ADMIN_ENTRY = join(repoRoot, SERVERS.core, 'dist/admin.js');
const PUBLIC_ORIGIN = 'https://zaytoon.test';
const METRICS_TOKEN = randomBytes(24).toString('base64url');

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set (npm test sets it; see infra/production/production-boot.test.ts)`);
  return value;
}

async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 50; port++) if (!(await portInUse(port))) return port;
  throw new Error(`no free port in ${from}-${from + 49}`);
}

interface Server {
  name: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

const servers: Server[] = [];

/** `node <entry>`, nothing else: no --import, no NODE_OPTIONS, only the environment given. */
function startServer(name: string, entry: string, env: Record<string, string>, cwd: string): Server {
  const child = spawn(process.execPath, [entry], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { name, process: child, output, exited };
  servers.push(server);
  return server;
}

async function stop(server: Server): Promise<number | null> {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
  const code = await Promise.race([server.exited, timeout]);
  if (code !== 'timeout') return code;
  server.process.kill('SIGKILL');
  return server.exited;
}

/** A browser's session behind the front door, through the client every screen uses. */
const visitor = (apiUrl: string) => balancerClient(apiUrl, PUBLIC_ORIGIN);

function newMember(prefix: string) {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return { email: `${prefix}-${suffix}@example.com`, username: `${prefix}_${suffix}`, name: `Production ${prefix}`, password: 'prod-pass-123' };
}

/** The npm packages a bundle imports (node builtins aside). */
function importedPackages(bundle: string): Set<string> {
  const code = readFileSync(bundle, 'utf8');
  const specifiers = [...code.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm)].map(
    (match) => match[1] ?? match[2],
  );
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier.split('/')[0]))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return new Set(packages);
}

/** What `npm ci --omit=dev -w <server>` installs for a server: its dependencies and its workspace dependencies', recursively. */
function productionDependencies(dir: string, seen = new Set<string>()): Set<string> {
  const manifest = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (name.startsWith('@zaytoon/')) productionDependencies(`services/${name.slice('@zaytoon/'.length)}`, seen);
  }
  return seen;
}

let apiUrl: string;
let environment: Record<string, string>;
let workDir: string;
let migrateOutput: string;
let api: Server;
let worker: Server;
let redisServer: ManagedProcess | undefined;
process.once('exit', () => redisServer?.kill());

beforeAll(async () => {
  const build = spawnSync('npm', ['run', 'build:servers'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build:servers failed (${build.status}):\n${build.stdout}\n${build.stderr}`);

  const databaseUrl = withDatabase(required('DATABASE_URL'), 'zaytoon_production_boot');
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  workDir = mkdtempSync(join(tmpdir(), 'zaytoon-production-boot-'));
  const redisPort = await freePort(6390);
  redisServer = await startRedisServer(unsupervised, { dataDir: workDir, port: redisPort, appendOnly: true });
  const redisUrl = `redis://127.0.0.1:${redisPort}`;

  const port = await freePort(3190);
  apiUrl = `http://127.0.0.1:${port}`;
  environment = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    API_PORT: String(port),
    SESSION_SECRET: randomBytes(48).toString('base64url'),
    JOB_DATA_KEY: randomBytes(48).toString('base64url'),
    PUBLIC_ORIGIN,
    METRICS_TOKEN,
    UPLOAD_DIR: join(workDir, 'uploads'),
    SMTP_HOST: 'localhost',
    SMTP_PORT: required('MAIL_CATCHER_SMTP_PORT'),
    SMTP_SECURE: 'false',
    // The dev mail catcher has no STARTTLS; production requires it unless told otherwise.
    SMTP_REQUIRE_TLS: 'false',
    WORKER_CONCURRENCY: '2',
  };

  // Started from an empty folder: nothing may be found relative to the working directory.
  const migrate = spawnSync(process.execPath, [MIGRATE_ENTRY], { cwd: workDir, env: environment, encoding: 'utf8', timeout: 60_000 });
  migrateOutput = `${migrate.stdout}\n${migrate.stderr}`;
  if (migrate.status !== 0) throw new Error(`compiled migrate CLI failed (${migrate.status}):\n${migrateOutput}`);

  api = startServer('api', API_ENTRY, environment, workDir);
  worker = startServer('worker', WORKER_ENTRY, environment, workDir);
  try {
    await waitForHttp(`${apiUrl}/readyz`, { timeoutMs: 60_000, ready: (status) => status === 200, abort: api.exited });
  } catch (error) {
    throw new Error(`${(error as Error).message}\napi output:\n${api.output.join('')}`);
  }
});

afterAll(async () => {
  await Promise.all(servers.map(stop));
  await redisServer?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('production build', () => {
  it('bundles import only npm packages the production install has, and no tsx', () => {
    for (const [server, entries] of [
      ['api', [API_ENTRY]],
      ['worker', [WORKER_ENTRY]],
      ['core', [MIGRATE_ENTRY, ADMIN_ENTRY]],
    ] as const) {
      const installed = productionDependencies(SERVERS[server]);
      for (const entry of entries) {
        const imported = [...importedPackages(entry)];
        expect(imported.length, entry).toBeGreaterThan(0);
        expect(
          imported.filter((name) => !installed.has(name)),
          `${entry} imports packages missing from the production install`,
        ).toEqual([]);
        expect(
          imported.some((name) => name === 'tsx' || name.startsWith('@zaytoon/')),
          entry,
        ).toBe(false);
      }
    }
  });

  it('the compiled migrate CLI applied every migration from dist/migrations', () => {
    const migrations = readdirSync(join(repoRoot, SERVERS.core, 'src/db/migrations')).map((file) => file.replace(/\.(sql|ts)$/, ''));
    expect(migrations.length).toBeGreaterThan(0);
    for (const migration of migrations) expect(migrateOutput).toContain(migration);
  });

  it('runs the API and the worker as plain `node dist/main.js`: no loader, no tsx', () => {
    for (const [server, entry] of [
      [api, API_ENTRY],
      [worker, WORKER_ENTRY],
    ] as const) {
      expect(server.process.exitCode, server.output.join('')).toBeNull();
      const args = spawnSync('ps', ['-o', 'args=', '-p', String(server.process.pid)], { encoding: 'utf8' }).stdout.trim();
      expect(args).toBe(`${process.execPath} ${entry}`);
    }
  });
});

describe('production smoke test over HTTP', () => {
  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${apiUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${apiUrl}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', postgres: true, redis: true });
  });

  it('keeps /metrics behind its token', async () => {
    expect((await fetch(`${apiUrl}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${apiUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE');
  });

  it('a member signs up and in, adds a business, finds it in the public list, and the worker places it on the map', async () => {
    const member = newMember('boot');
    const newcomer = visitor(apiUrl);
    expect((await newcomer.api.call('signup', { body: member })).username).toBe(member.username);
    const sessionCookie = newcomer.setCookies.find((cookie) => cookie.startsWith('zaytoon.sid='));
    expect(sessionCookie, newcomer.setCookies.join('\n')).toMatch(/;\s*Secure/i);
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);

    const returning = visitor(apiUrl);
    await expect(returning.api.call('me')).rejects.toMatchObject({ status: 401 });
    await returning.api.call('login', { body: { login: member.email, password: member.password } });
    expect((await returning.api.call('me')).username).toBe(member.username);

    const name = `Production Boot Falafel ${member.username}`;
    const created = await returning.api.call('createBusiness', { body: businessInput(name, { postcode: 'SW1A 1AA' }) as BusinessInput });
    expect(created.latitude).toBeNull();
    const page = await visitor(apiUrl).api.callPage('listBusinesses', { query: { search: name } });
    expect(page.items.map((business) => business.id)).toEqual([created.id]);
    expect(page.total).toBe(1);

    // geocode-business runs in the compiled worker, reading the outcode table copied into its dist/.
    const placed = await eventually(
      async () => {
        const business = await visitor(apiUrl).api.call('getBusiness', { id: created.id });
        return business.latitude !== null ? business : null;
      },
      15_000,
      'the worker to geocode the new business',
    );
    expect(placed.latitude).toBeCloseTo(51.5, 0);
    expect(placed.longitude).toBeCloseTo(-0.13, 0);
  });

  it('the compiled worker mails a password reset code', async () => {
    const member = newMember('reset');
    await visitor(apiUrl).api.call('signup', { body: member });
    await visitor(apiUrl).api.call('forgotPassword', { body: { email_or_username: member.username } });
    let mail: Mail | undefined;
    await expect
      .poll(async () => (mail = (await listMail(member.email)).find((m) => /password reset code$/.test(m.subject))), { timeout: 15_000 })
      .toBeDefined();
    expect(mail!.text).toMatch(/\b\d{6}\b/);
  });
});

describe('production CLIs', () => {
  it('the compiled admin CLI promotes a member to admin', async () => {
    const member = newMember('admin');
    await visitor(apiUrl).api.call('signup', { body: member });
    const promote = spawnSync(process.execPath, [ADMIN_ENTRY, 'promote', member.email], {
      cwd: workDir,
      env: environment,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(promote.status, `${promote.stdout}\n${promote.stderr}`).toBe(0);
    const admin = visitor(apiUrl);
    await admin.api.call('login', { body: { login: member.username, password: member.password } });
    expect(await admin.api.call('adminStatus')).toEqual({ is_admin: true });
  });
});

describe('production configuration', () => {
  it('the compiled API refuses to boot without SESSION_SECRET', () => {
    const { SESSION_SECRET: _unset, ...withoutSecret } = environment;
    const run = spawnSync(process.execPath, [API_ENTRY], { cwd: workDir, env: withoutSecret, encoding: 'utf8', timeout: 30_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).not.toBe(0);
    expect(`${run.stdout}\n${run.stderr}`).toContain('SESSION_SECRET must be set in production');
  });

  it('SIGTERM stops the API and the worker cleanly (exit 0)', async () => {
    expect(await stop(api), api.output.join('')).toBe(0);
    expect(await stop(worker), worker.output.join('')).toBe(0);
  });
});
