import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from './test/fixtures';
import { startTestApi, type TestApi } from './test/harness';

// The API works through PgBouncer in transaction mode, which passes no startup options on and
// hands each transaction any server connection. Debian's pgbouncer (.ci/run installs it): this test never skips.
const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';
/** Fewer server connections than the API's pools hold clients: transactions must share them. */
const SERVER_CONNECTIONS = 2;

let bouncer: ChildProcess;
let bouncerOutput = '';
let bouncerPort: number;
let configDir: string;
let api: TestApi;
let databaseName: string;

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline || bouncer.exitCode !== null) throw new Error(`pgbouncer did not listen on ${port}:\n${bouncerOutput}`);
    await sleep(50);
  }
}

/** Starts pgbouncer in transaction mode on a free loopback port in front of the test Postgres. */
async function startBouncer(directUrl: string): Promise<void> {
  const postgres = new URL(directUrl);
  const user = decodeURIComponent(postgres.username);
  bouncerPort = await freeLoopbackPort();
  configDir = mkdtempSync(join(tmpdir(), 'zaytoon-pgbouncer-'));
  const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;
  writeFileSync(join(configDir, 'users.txt'), `${quoted(user)} ${quoted(decodeURIComponent(postgres.password))}\n`);
  writeFileSync(
    join(configDir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${postgres.hostname} port=${postgres.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${bouncerPort}`,
      'unix_socket_dir =',
      // Loopback only, for this test: clients are trusted; the server login uses the password of users.txt.
      'auth_type = trust',
      `auth_file = ${join(configDir, 'users.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${SERVER_CONNECTIONS}`,
      'max_client_conn = 200',
      'logfile =',
      '',
    ].join('\n'),
  );
  // pgbouncer refuses to run as root: as root it runs as the user the embedded Postgres runs as.
  const asRoot = userInfo().uid === 0;
  if (asRoot) chmodSync(configDir, 0o755);
  bouncer = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(configDir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  bouncer.stdout!.on('data', (chunk) => (bouncerOutput += chunk));
  bouncer.stderr!.on('data', (chunk) => (bouncerOutput += chunk));
  await listening(bouncerPort, 10_000);
}

const throughBouncer = (directUrl: string) => {
  const url = new URL(directUrl);
  url.hostname = '127.0.0.1';
  url.port = String(bouncerPort);
  return url.toString();
};

/** A command of pgbouncer's admin console. */
async function bouncerConsole(command: string): Promise<Record<string, unknown>[]> {
  const url = new URL(throughBouncer(process.env.DATABASE_URL!));
  url.pathname = '/pgbouncer';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    return (await admin.query(command)).rows;
  } finally {
    await admin.end();
  }
}

/** A pgbouncer admin console answer (SHOW …), rows of our database only. */
async function bouncerShow(what: 'STATS' | 'POOLS'): Promise<Record<string, unknown>[]> {
  return (await bouncerConsole(`SHOW ${what}`)).filter((row) => row.database === databaseName);
}

beforeAll(async () => {
  const directUrl = process.env.DATABASE_URL;
  if (!directUrl) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  await startBouncer(directUrl);
  api = await startTestApi({}, throughBouncer);
  databaseName = new URL(api.core.config.DATABASE_URL).pathname.slice(1);
  expect(new URL(api.core.config.DATABASE_URL).port).toBe(String(bouncerPort));
}, 60_000);

afterAll(async () => {
  // pgbouncer keeps its server connections after the API's pool has gone: closed first, they do not hold up the drop
  // of the test database (which would wait for them, then force them out).
  if (databaseName && bouncer?.exitCode === null) await bouncerConsole(`RECONNECT ${databaseName}`);
  await api?.stop();
  if (bouncer && bouncer.exitCode === null) {
    bouncer.kill('SIGTERM');
    await new Promise((resolve) => bouncer.once('exit', resolve));
  }
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

describe('the API through PgBouncer in transaction mode', () => {
  it('runs on the database’s settings: no startup option, the statement timeouts hold', async () => {
    const { rows } = await api.core.db.query<{ statement: string; idle: string; threshold: string }>(
      `SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle,
              current_setting('pg_trgm.similarity_threshold') AS threshold`,
    );
    expect(rows[0]).toEqual({ statement: '5s', idle: '10s', threshold: '0.4' });
  });

  it('serves reads, a login kept in Redis, a business write and searches, many at once on two server connections', async () => {
    const member = api.client();
    const user = await member.signup();
    const visitor = api.client();
    expect((await visitor.post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(200);
    expect((await visitor.get('/api/auth/me')).body.username).toBe(user.username);

    const created = await createBusiness(visitor, { name: 'Bouncer Olive Bakery', city: 'Pooltown' });
    const detail = await api.client().get(`/api/businesses/${created.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe('Bouncer Olive Bakery');

    // Concurrent writes (each a transaction with its own transaction-local settings) and reads share 2 servers.
    const writes = Array.from({ length: 6 }, (_, index) => createBusiness(member, { name: `Bouncer Shop ${index}`, city: 'Pooltown' }));
    const reads = Array.from({ length: 12 }, (_, index) =>
      api.client().get(index % 3 === 0 ? '/api/businesses?city=Pooltown' : index % 3 === 1 ? '/api/businesses/summary' : '/api/categories'),
    );
    await Promise.all(writes);
    expect((await Promise.all(reads)).map((answer) => answer.status)).toEqual(Array(12).fill(200));

    for (const [search, expected] of [
      ['bo', 7],
      ['bouncer olive', 1],
      ['bakery', 1],
    ] as const) {
      const page = await api.client().get(`/api/businesses?city=Pooltown&search=${encodeURIComponent(search)}`);
      expect(page.status, search).toBe(200);
      expect(page.headers.get('x-total-count'), search).toBe(String(expected));
    }

    const [stats] = await bouncerShow('STATS');
    expect(Number(stats.total_xact_count)).toBeGreaterThan(20);
    const [pool] = await bouncerShow('POOLS');
    expect(pool.pool_mode).toBe('transaction');
    expect(Number(pool.sv_active) + Number(pool.sv_idle) + Number(pool.sv_used)).toBeLessThanOrEqual(SERVER_CONNECTIONS);
  });
});
