import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';

const MIGRATIONS_BEFORE = 4; // every migration up to 1700000000003; the next one adds the index

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'reports_migration', MIGRATIONS_BEFORE);
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

describe('migration 1700000000004: one pending report per member and business', () => {
  it("keeps the first of a member's duplicate pending reports, leaves the rest alone, then refuses a duplicate", async () => {
    const users = (
      await db.query(`INSERT INTO users (email, username, name, password_hash)
                      VALUES ('a@example.com', 'a', 'A', 'x'), ('b@example.com', 'b', 'B', 'x') RETURNING id`)
    ).rows.map((row) => row.id as number);
    const [business] = (
      await db.query(`INSERT INTO businesses (name, address, city, postcode) VALUES ('Olive', '1 High St', 'Leeds', 'LS1 1AA') RETURNING id`)
    ).rows.map((row) => row.id as number);
    const insert = async (reporter: number | null, status: string, minutesAgo: number) =>
      (
        await db.query(
          `INSERT INTO reports (business_id, reported_by, reason, status, created_at)
           VALUES ($1, $2, 'Other', $3, now() - make_interval(mins => $4)) RETURNING id`,
          [business, reporter, status, minutesAgo],
        )
      ).rows[0].id as number;
    const first = await insert(users[0], 'pending', 30);
    await insert(users[0], 'pending', 20);
    await insert(users[0], 'pending', 10);
    const reviewed = await insert(users[0], 'rejected', 40);
    const other = await insert(users[1], 'pending', 5);
    const anonymous = [await insert(null, 'pending', 3), await insert(null, 'pending', 2)];

    await runMigrations(database.url);

    const { rows } = await db.query('SELECT id FROM reports ORDER BY id');
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([first, reviewed, other, ...anonymous].sort((a, b) => a - b));
    await expect(insert(users[1], 'pending', 0)).rejects.toMatchObject({ code: '23505' });
    await expect(insert(users[1], 'rejected', 0)).resolves.toEqual(expect.any(Number));
  });
});
