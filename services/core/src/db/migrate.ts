import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import { databaseSettingsFromEnv, type DatabaseSettings } from '../config/config';

// Beside this module: src/db/ from source, dist/ in a bundle (services/tsup.config.ts copies it there).
const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migration files of this code, in order, with their text. */
export function migrationFiles(): { name: string; content: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => /\.(sql|ts)$/.test(file))
    .sort()
    .map((name) => ({ name, content: readFileSync(join(migrationsDir, name), 'utf8') }));
}

/** How many migrations come before the one named (its file name without the extension): for tests of its data changes. */
export function migrationsBefore(name: string): number {
  return readdirSync(migrationsDir).filter((file) => /\.(sql|ts)$/.test(file) && file < name).length;
}

/** The migrations of this code that the database has not applied yet (file names without the extension), in order. */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((file) => /\.(sql|ts)$/.test(file))
    .map((file) => file.replace(/\.(sql|ts)$/, ''))
    .sort();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string | null }>("SELECT to_regclass('pgmigrations')::text AS table");
    if (!rows[0].table) return files;
    const applied = new Set((await client.query<{ name: string }>('SELECT name FROM pgmigrations')).rows.map((row) => row.name));
    return files.filter((name) => !applied.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Resolves once the database has every migration of this code, checking every `everyMs`: an API pod's init container
 * (`migrate.js --wait`) holds the pod back until the migrate Job has run, so no API serves a schema older than itself.
 */
export async function waitForMigrations(databaseUrl: string, log: (message: string) => void = () => {}, everyMs = 2_000): Promise<void> {
  for (let round = 0; ; round++) {
    const pending = await pendingMigrations(databaseUrl).catch((error: Error) => [`(Postgres: ${error.message})`]);
    if (!pending.length) return;
    if (round % 15 === 0) log(`waiting for ${pending.length} migration(s), first ${pending[0]}: the migrate Job applies them`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Applies every pending versioned SQL migration (or the first `count` of them, for tests of a migration's data
 * changes), then the database's session settings; safe to call on each start (it takes an advisory lock, so it
 * needs Postgres directly or a session-mode pooler). Migrations run without a statement timeout: an index build on
 * a big table takes what it takes (docs/decisions/0040-postgres.md: migrations on big tables never lock them for that long).
 */
export async function runMigrations(
  databaseUrl: string,
  log: (message: string) => void = () => {},
  count = Infinity,
  settings: DatabaseSettings = databaseSettingsFromEnv(),
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0');
    await runner({
      dbClient: client,
      dir: migrationsDir,
      direction: 'up',
      migrationsTable: 'pgmigrations',
      count,
      log,
      logger: { debug: () => {}, info: log, warn: log, error: log },
      verbose: false,
    });
    await applyDatabaseSettings(client, settings);
  } finally {
    await client.end();
  }
}

/**
 * Every session's settings, kept by the database itself (ALTER DATABASE) rather than sent by each connection: a
 * transaction-mode pooler (PgBouncer) passes no startup options on and shares server connections between clients,
 * so no session state may be relied on. New connections take them; open ones keep what they had.
 */
export async function applyDatabaseSettings(client: pg.ClientBase, settings: DatabaseSettings): Promise<void> {
  const values: Record<string, string> = {
    statement_timeout: `${settings.statementTimeoutMs}ms`,
    // A transaction left open (a crashed request, a stuck client) ends and frees its locks and its connection.
    idle_in_transaction_session_timeout: `${settings.idleInTransactionTimeoutMs}ms`,
    // Typo tolerance of the directory search: how close a dictionary word must be (pg_trgm's 0.3 lets in unrelated words).
    'pg_trgm.similarity_threshold': '0.4',
    // The tables live in memory or on SSD; at the default 4 the planner scans 100,000 businesses for a search
    // matching 5% of them (218 ms) instead of reading the matches through its indexes (56 ms).
    random_page_cost: '1.1',
  };
  // Loads pg_trgm, so that its setting is known here and a database owner that is not a superuser may set it.
  await client.query("SELECT similarity('', '')");
  const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
  const database = client.escapeIdentifier(rows[0].name);
  for (const [name, value] of Object.entries(values)) {
    await client.query(`ALTER DATABASE ${database} SET ${name} = ${client.escapeLiteral(value)}`);
  }
}
