import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';

const MIGRATIONS_BEFORE = 8; // every migration up to 1700000000007; the next one adds business_sources

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'sources_migration', MIGRATIONS_BEFORE);
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

describe('migration 1700000000008: business sources', () => {
  it("turns each business's free-text proof of support into one 'Other' source dated when it was listed", async () => {
    const insert = async (proof: string, createdAt: string) =>
      (
        await db.query(
          `INSERT INTO businesses (name, address, city, postcode, proof_of_support, created_at)
           VALUES ('Olive', '1 High St', 'Leeds', 'LS1 1AA', $1, $2) RETURNING id`,
          [proof, createdAt],
        )
      ).rows[0].id as number;
    const withText = await insert('  Donated to Medical Aid for Palestinians ', '2024-03-05T10:00:00Z');
    await insert('', '2024-03-06T10:00:00Z');
    await insert('   ', '2024-03-07T10:00:00Z');

    await runMigrations(database.url);

    const { rows } = await db.query(
      `SELECT business_id, kind, url, description, to_char(source_date, 'YYYY-MM-DD') AS date, link_status FROM business_sources`,
    );
    expect(rows).toEqual([
      {
        business_id: withText,
        kind: 'Other',
        url: null,
        description: 'Donated to Medical Aid for Palestinians',
        date: '2024-03-05',
        link_status: 'unchecked',
      },
    ]);
  });
});
