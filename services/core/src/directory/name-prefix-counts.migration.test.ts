import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, runMigrations } from '../db/migrate';
import { createMigratedDatabase, testServerUrl, type ThrowawayDatabase } from '../db/throwaway-db';

const NAME_PREFIXES = '1700000000022_name-prefix-counts';
// Every migration before 1700000000022, which counts the listed businesses per first one and two folded characters.
const MIGRATIONS_BEFORE = migrationsBefore(NAME_PREFIXES);

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  database = await createMigratedDatabase(testServerUrl(), 'name_prefixes_migration', MIGRATIONS_BEFORE);
  db = new pg.Pool({ connectionString: database.url, options: '-c statement_timeout=0' });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

/** The kept counts beside the same counts taken from the listed businesses themselves. */
async function keptBesideCounted() {
  const kept = await db.query(`SELECT prefix, businesses FROM directory_name_prefixes WHERE businesses <> 0 ORDER BY prefix COLLATE "C"`);
  const counted = await db.query(
    `SELECT p AS prefix, count(*)::int AS businesses FROM businesses b, unnest(name_prefixes(b.name)) p
      WHERE NOT b.removal_approved GROUP BY p ORDER BY p COLLATE "C"`,
  );
  return { kept: kept.rows, counted: counted.rows };
}

describe('migration 1700000000022: counts per name prefix on a table already filled', () => {
  it('counts the listed businesses per folded prefix, then follows every write', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode, category)
       SELECT name, '1 High St', 'Leeds', 'LS1 1AA', 'Cafe'
         FROM unnest(ARRAY['Olive Tree', 'olive oil', 'Ólafur', 'O', 'Cedar', 'بيت لحم', 'Gone Soon']) AS name
       RETURNING id`,
    );
    await db.query(
      `INSERT INTO businesses (name, address, city, postcode, category)
       SELECT 'Shop ' || n, '1 High St', 'York', 'YO1 1AA', 'Cafe' FROM generate_series(1, 3000) AS n`,
    );
    await db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved')`, [rows[6].id]);

    await runMigrations(database.url, () => {}, 1);

    const filled = await keptBesideCounted();
    expect(filled.kept).toEqual(filled.counted);
    expect(filled.kept).toEqual(
      expect.arrayContaining([
        { prefix: 'o', businesses: 4 },
        { prefix: 'ol', businesses: 3 },
        { prefix: 'sh', businesses: 3000 },
      ]),
    );
    expect(filled.kept.map((row) => row.prefix)).not.toContain('g');

    await db.query(`UPDATE businesses SET name = 'Cedar House' WHERE id = $1`, [rows[0].id]);
    await db.query(`DELETE FROM businesses WHERE id = $1`, [rows[1].id]);
    await db.query(`DELETE FROM reports WHERE business_id = $1`, [rows[6].id]);
    await db.query(`UPDATE businesses SET description = 'votes and descriptions move nothing'`);
    const followed = await keptBesideCounted();
    expect(followed.kept).toEqual(followed.counted);
    expect(followed.kept).toEqual(
      expect.arrayContaining([
        { prefix: 'ce', businesses: 2 },
        { prefix: 'go', businesses: 1 },
      ]),
    );

    // Run again (as after a failure): nothing counted twice.
    await db.query(`DELETE FROM pgmigrations WHERE name = $1`, [NAME_PREFIXES]);
    await runMigrations(database.url, () => {}, 1);
    const again = await keptBesideCounted();
    expect(again.kept).toEqual(again.counted);
  }, 120_000);
});
