import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from './migrate';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * The Postgres that tests make their databases on. Missing, the tests fail with this message rather than
 * skip: a suite that quietly runs nothing looks green.
 */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at a Postgres for these tests (npm test sets it; see README "Tests of one workspace")');
  return url;
}

/** The same server and credentials as `baseUrl`, another database name. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/**
 * Creates an empty database next to the one `baseUrl` points at (for tests that must own their data).
 * The connecting role needs CREATEDB. `drop()` removes it, disconnecting any session left behind.
 */
export async function createThrowawayDatabase(baseUrl: string, prefix = 'zaytoon_test'): Promise<ThrowawayDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`bad database prefix ${prefix}`);
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  return {
    name,
    url: databaseUrlFor(baseUrl, name),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A throwaway database with every migration applied (or the first `count`), for tests that need the real schema. */
export async function createMigratedDatabase(baseUrl: string, prefix: string, count = Infinity): Promise<ThrowawayDatabase> {
  const database = await createThrowawayDatabase(baseUrl, prefix);
  try {
    await runMigrations(database.url, () => {}, count);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}
