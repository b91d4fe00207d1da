import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pendingMigrations, runMigrations, waitForMigrations } from './migrate';
import { createMigratedDatabase, createThrowawayDatabase, testServerUrl, type ThrowawayDatabase } from './throwaway-db';

const migrations = readdirSync(fileURLToPath(new URL('./migrations', import.meta.url)))
  .filter((file) => /\.(sql|ts)$/.test(file))
  .map((file) => file.replace(/\.(sql|ts)$/, ''))
  .sort();

describe('migrate.js --wait (the API pods wait for the Kubernetes migrate Job)', () => {
  const databases: ThrowawayDatabase[] = [];
  afterAll(async () => Promise.all(databases.map((database) => database.drop())));

  it('names every migration of an empty database as pending', async () => {
    const empty = await createThrowawayDatabase(testServerUrl(), 'migrate_wait');
    databases.push(empty);
    expect(await pendingMigrations(empty.url)).toEqual(migrations);
  });

  it('waits while one is pending and returns once another run has applied it', async () => {
    const behind = await createMigratedDatabase(testServerUrl(), 'migrate_wait', migrations.length - 1);
    databases.push(behind);
    expect(await pendingMigrations(behind.url)).toEqual([migrations.at(-1)]);
    const log: string[] = [];
    let done = false;
    const waiting = waitForMigrations(behind.url, (line) => log.push(line), 50).then(() => (done = true));
    // Once it has found the migration pending, only a run that applies it can let it return.
    await vi.waitFor(() => expect(log[0]).toContain(`waiting for 1 migration(s), first ${migrations.at(-1)}`));
    expect(done).toBe(false);
    await runMigrations(behind.url);
    await waiting;
    expect(await pendingMigrations(behind.url)).toEqual([]);
  });
});
