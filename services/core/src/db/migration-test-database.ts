import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrationsBefore, runMigrations } from './migrate';
import { createMigratedDatabase, testServerUrl, type ThrowawayDatabase } from './throwaway-db';

/**
 * For a test of one migration's data changes: a throwaway database with every migration before `migration` (its file
 * name without the extension), made before the file's tests and dropped after them. `db()` queries it; `migrate()`
 * applies that migration.
 */
export function databaseBeforeMigration(migration: string, prefix: string) {
  let database: ThrowawayDatabase | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    database = await createMigratedDatabase(testServerUrl(), prefix, migrationsBefore(migration));
    pool = new pg.Pool({ connectionString: database.url });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });
  return {
    db: () => pool!,
    migrate: () => runMigrations(database!.url, () => {}, 1),
  };
}
