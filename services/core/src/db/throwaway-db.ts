import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseSettingsFromEnv } from '../config/config';
import { applyDatabaseSettings, migrationFiles, runMigrations } from './migrate';

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
 * The connecting role needs CREATEDB. `drop()` removes it once its sessions have closed, disconnecting any left open.
 */
export async function createThrowawayDatabase(baseUrl: string, prefix = 'zaytoon_test', template?: string): Promise<ThrowawayDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`bad database prefix ${prefix}`);
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return {
    name,
    url: databaseUrlFor(baseUrl, name),
    drop: () => dropDatabase(baseUrl, name),
  };
}

/**
 * pg's `Pool.end()` resolves once it has asked its connections to close, not once they have. A forced drop right after
 * it terminates the backends that have not read the goodbye yet, and each of their clients then emits "terminating
 * connection due to administrator command" (57P01) as an 'error' that its ended pool no longer handles. A plain DROP
 * lets such sessions finish closing (Postgres waits a few seconds for them); only a session still open after that,
 * one a test never closed, is forced out.
 */
async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withClient(baseUrl, async (admin) => {
    // The database's own statement timeout would cancel that wait before Postgres gives up on it.
    await admin.query('SET statement_timeout = 0');
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
}

/** Postgres's SQLSTATE for "database … is being accessed by other users". */
const OBJECT_IN_USE = '55006';

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  await withClient(baseUrl, (client) => client.query(sql));
}

/**
 * A throwaway database with every migration applied (or the first `count`), for tests that need the real schema. With
 * every migration it is a copy of a template database migrated once per server and set of migrations
 * (`CREATE DATABASE … TEMPLATE`): copying the files takes a fraction of running the migrations again for each test file.
 */
export async function createMigratedDatabase(baseUrl: string, prefix: string, count = Infinity): Promise<ThrowawayDatabase> {
  const template = count === Infinity ? await migratedTemplate(baseUrl) : undefined;
  const database = await createThrowawayDatabase(baseUrl, prefix, template);
  try {
    if (template) await withClient(database.url, (client) => applyDatabaseSettings(client, databaseSettingsFromEnv()));
    else await runMigrations(database.url, () => {}, count);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/** Per server: the name of the template with every migration of this code (made on first use). */
const templates = new Map<string, Promise<string>>();

function migratedTemplate(baseUrl: string): Promise<string> {
  let template = templates.get(baseUrl);
  if (!template) {
    template = makeMigratedTemplate(baseUrl);
    templates.set(baseUrl, template);
    template.catch(() => templates.delete(baseUrl));
  }
  return template;
}

/**
 * Named after a hash of the migrations, so a changed migration gets a template of its own. Test processes running side
 * by side make it once between them: the first takes an advisory lock, migrates a database under a building name and
 * renames it when done; the others wait for the lock, then find it.
 */
async function makeMigratedTemplate(baseUrl: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of migrationFiles()) hash.update(file.name).update('\0').update(file.content).update('\0');
  const name = `zaytoon_template_${hash.digest('hex').slice(0, 16)}`;
  return withClient(baseUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      await runMigrations(databaseUrlFor(baseUrl, building), () => {});
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
    }
  });
}

const TEMPLATE_LOCK = 'zaytoon migrated test template';

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
