import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/pool';
import { runMigrations } from '../db/migrate';
import { createThrowawayDatabase, testServerUrl, type ThrowawayDatabase } from '../db/throwaway-db';
import { ADMIN_CLI_USAGE, runAdminCli } from './admin';

const baseUrl = testServerUrl();
const run = promisify(execFile);

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('admin CLI argument handling (no database)', () => {
  const connect = () => {
    throw new Error('must not connect');
  };

  it('prints usage and exits 2 without a command', async () => {
    const { io, err } = captureIo();
    expect(await runAdminCli([], {}, io, connect)).toBe(2);
    expect(err.join('\n')).toContain(ADMIN_CLI_USAGE);
  });

  it('rejects unknown commands and a missing identifier', async () => {
    const a = captureIo();
    expect(await runAdminCli(['demolish', 'x'], { DATABASE_URL: 'postgres://x' }, a.io, connect)).toBe(2);
    expect(a.err[0]).toMatch(/Unknown command "demolish"/);
    const b = captureIo();
    expect(await runAdminCli(['promote'], { DATABASE_URL: 'postgres://x' }, b.io, connect)).toBe(2);
    const c = captureIo();
    expect(await runAdminCli(['promote', 'a', 'b'], { DATABASE_URL: 'postgres://x' }, c.io, connect)).toBe(2);
  });

  it('needs DATABASE_URL', async () => {
    const { io, err } = captureIo();
    expect(await runAdminCli(['promote', 'someone'], {}, io, connect)).toBe(1);
    expect(err[0]).toMatch(/DATABASE_URL/);
  });
});

describe('admin CLI promote (real Postgres)', () => {
  let db: ThrowawayDatabase;
  let client: pg.Client;
  const env = () => ({ DATABASE_URL: db.url });
  const connect = (url: string) => createPool(url, 1);
  const isAdmin = async (username: string) => (await client.query('SELECT is_admin FROM users WHERE username = $1', [username])).rows[0]?.is_admin;

  beforeAll(async () => {
    db = await createThrowawayDatabase(baseUrl, 'zaytoon_cli_test');
    await runMigrations(db.url);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`INSERT INTO users (email, username, name, password_hash) VALUES
      ('Layla.Quinn@Example.com', 'laylaq', 'Layla Quinn', 'x'),
      ('omar@example.com', 'OmarK', 'Omar K', 'x'),
      ('sana@example.com', 'sana', 'Sana B', 'x')`);
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  }, 60_000);

  it('promotes by email, case-insensitively, and writes an audit entry', async () => {
    const { io, out } = captureIo();
    expect(await runAdminCli(['promote', 'layla.quinn@EXAMPLE.com'], env(), io, connect)).toBe(0);
    expect(out[0]).toBe('User "laylaq" <Layla.Quinn@Example.com> is now an admin.');
    expect(await isAdmin('laylaq')).toBe(true);
    const audit = await client.query("SELECT action, target_type, actor_id FROM audit_log WHERE action = 'user.promoted'");
    expect(audit.rows).toEqual([{ action: 'user.promoted', target_type: 'user', actor_id: null }]);
  });

  it('promotes by username, case-insensitively, and leaves others alone', async () => {
    const { io } = captureIo();
    expect(await runAdminCli(['promote', 'omark'], env(), io, connect)).toBe(0);
    expect(await isAdmin('OmarK')).toBe(true);
    expect(await isAdmin('sana')).toBe(false);
  });

  it('says so when the user is already an admin', async () => {
    const { io, out } = captureIo();
    expect(await runAdminCli(['promote', 'LAYLAQ'], env(), io, connect)).toBe(0);
    expect(out[0]).toMatch(/already an admin/);
  });

  it('exits 1 for an unknown user', async () => {
    const { io, err } = captureIo();
    expect(await runAdminCli(['promote', 'nobody@example.com'], env(), io, connect)).toBe(1);
    expect(err[0]).toMatch(/No user with email or username "nobody@example.com"/);
  });

  it('works as a real process (`tsx src/cli/admin.cli.ts`)', async () => {
    const cwd = fileURLToPath(new URL('../..', import.meta.url));
    const options = { cwd, env: { ...process.env, DATABASE_URL: db.url } };
    const ok = await run('npx', ['tsx', 'src/cli/admin.cli.ts', 'promote', 'Sana'], options);
    expect(ok.stdout).toMatch(/"sana" <sana@example.com> is now an admin/);
    expect(await isAdmin('sana')).toBe(true);
    const failed = await run('npx', ['tsx', 'src/cli/admin.cli.ts', 'promote', 'ghost'], options).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/No user with email or username "ghost"/);
  }, 60_000);
});
