import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, runMigrations } from '../db/migrate';
import { createMigratedDatabase, testServerUrl, type ThrowawayDatabase } from '../db/throwaway-db';

// Every migration before 1700000000025, which clears ownership marks wherever the owner is removed.
const MIGRATIONS_BEFORE = migrationsBefore('1700000000025_owner-removed');

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  database = await createMigratedDatabase(testServerUrl(), 'owner_removed_migration', MIGRATIONS_BEFORE);
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const marks = async (id: number) =>
  (await db.query('SELECT owner_id, owner_claimed_at, owner_reminded_at, owner_confirmed_at FROM businesses WHERE id = $1', [id])).rows[0];
const NO_OWNER = { owner_id: null, owner_claimed_at: null, owner_reminded_at: null, owner_confirmed_at: null };

describe('migration 1700000000025: ownership marks go with the owner', () => {
  it('clears the marks owners removed before it left behind, keeps those of owners still there, then follows every removal', async () => {
    const users = await db.query<{ id: number }>(
      `INSERT INTO users (email, username, name, password_hash)
       SELECT 'owner' || n || '@example.com', 'owner' || n, 'Owner', 'x' FROM generate_series(1, 2) AS n RETURNING id`,
    );
    const [kept, leaving] = users.rows.map((row) => row.id);
    const businesses = await db.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode, category, owner_id, owner_claimed_at, owner_reminded_at, owner_confirmed_at)
       VALUES ('Left Behind', '1 High St', 'Leeds', 'LS1 1AA', 'Cafe', NULL, now(), now(), now()),
              ('Still Owned', '1 High St', 'Leeds', 'LS1 1AA', 'Cafe', $1, now(), now(), now()),
              ('Owner Leaving', '1 High St', 'Leeds', 'LS1 1AA', 'Cafe', $2, now(), NULL, now())
       RETURNING id`,
      [kept, leaving],
    );
    const [leftBehind, stillOwned, ownerLeaving] = businesses.rows.map((row) => row.id);

    await runMigrations(database.url, () => {}, 1);

    expect(await marks(leftBehind)).toEqual(NO_OWNER);
    expect(await marks(stillOwned)).toMatchObject({ owner_id: kept, owner_claimed_at: expect.any(Date), owner_confirmed_at: expect.any(Date) });
    // The account's foreign key sets owner_id null; the trigger takes the marks along.
    await db.query('DELETE FROM users WHERE id = $1', [leaving]);
    expect(await marks(ownerLeaving)).toEqual(NO_OWNER);
    await db.query('UPDATE businesses SET owner_id = NULL WHERE id = $1', [stillOwned]);
    expect(await marks(stillOwned)).toEqual(NO_OWNER);
  });
});
