import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, runMigrations } from '../db/migrate';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';

const MAP_TILES = '1700000000018_map-tiles';
// Every migration before 1700000000018, which adds map_key, its indexes and map_cells to a table already filled.
const MIGRATIONS_BEFORE = migrationsBefore(MAP_TILES);
/** More than two of the migration's batches. */
const BUSINESSES = 12_345;
const CATEGORIES = ['Cafe', 'Bakery', 'Grocer'];

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'map_tiles_migration', MIGRATIONS_BEFORE);
  // Filling the table takes longer than the database's statement timeout.
  db = new pg.Pool({ connectionString: database.url, options: '-c statement_timeout=0' });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const tableFile = async () => (await db.query<{ file: string }>(`SELECT pg_relation_filenode('businesses')::text AS file`)).rows[0].file;

/** map_cells per level and category beside the same counts taken from the businesses themselves. */
async function cellsBesideBusinesses() {
  const { rows } = await db.query<{ level: number; category: string; cells: number; counted: number; direct: number }>(
    `WITH kept AS (SELECT level, category, count(*)::int AS cells, sum(count)::int AS counted FROM map_cells GROUP BY 1, 2),
          direct AS (SELECT level, lower(category) AS category, count(*)::int AS direct, count(DISTINCT map_key >> (2 * (28 - level)))::int AS cells
                       FROM businesses CROSS JOIN generate_series(2, 14) AS level WHERE map_key IS NOT NULL GROUP BY 1, 2)
     SELECT direct.level, direct.category, direct.cells, kept.counted, direct.direct, kept.cells AS kept_cells
       FROM direct FULL JOIN kept USING (level, category) ORDER BY 1, 2`,
  );
  return rows;
}

describe('migration 1700000000018: map tiles on a table already filled', () => {
  it('fills map_key in batches without rewriting businesses, builds valid indexes and counts every cell', { timeout: 120_000 }, async () => {
    await db.query(
      `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude)
       SELECT 'Shop ' || n, n || ' High St', 'Leeds', 'LS1 1AA', ($2::text[])[1 + n % 3],
              CASE WHEN n % 10 = 0 THEN NULL ELSE 50 + (n % 997) / 200.0 END, CASE WHEN n % 10 = 0 THEN NULL ELSE -3 + (n % 991) / 300.0 END
         FROM generate_series(1, $1::int) AS n`,
      [BUSINESSES, CATEGORIES],
    );
    const fileBefore = await tableFile();

    await runMigrations(database.url, () => {}, 1);

    expect(await tableFile()).toBe(fileBefore);
    const column = await db.query(`SELECT attgenerated FROM pg_attribute WHERE attrelid = 'businesses'::regclass AND attname = 'map_key'`);
    expect(column.rows).toEqual([{ attgenerated: '' }]);
    const keys = await db.query<{ mapped: number; unmapped: number; wrong: number }>(
      `SELECT count(*) FILTER (WHERE map_key IS NOT NULL)::int AS mapped, count(*) FILTER (WHERE latitude IS NULL AND map_key IS NULL)::int AS unmapped,
              count(*) FILTER (WHERE map_key IS DISTINCT FROM map_key(latitude, longitude))::int AS wrong FROM businesses`,
    );
    const unmapped = Math.floor(BUSINESSES / 10);
    expect(keys.rows[0]).toEqual({ mapped: BUSINESSES - unmapped, unmapped, wrong: 0 });
    const indexes = await db.query(
      `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'businesses'::regclass AND c.relname LIKE '%map_key_idx' ORDER BY 1`,
    );
    expect(indexes.rows).toEqual([
      { name: 'businesses_category_map_key_idx', valid: true },
      { name: 'businesses_city_map_key_idx', valid: true },
      { name: 'businesses_map_key_idx', valid: true },
    ]);
    const cells = await cellsBesideBusinesses();
    expect(cells).toHaveLength(13 * CATEGORIES.length);
    for (const row of cells) expect(row).toEqual(expect.objectContaining({ counted: row.direct, kept_cells: row.cells }));
  });

  it(
    'keeps map_key and the cells current after it, runs again (as after a failure) without counting twice, and the later migrations follow',
    { timeout: 120_000 },
    async () => {
      const { rows } = await db.query<{ id: number; map_key: string }>(
        `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude)
       VALUES ('New', '1 Low St', 'York', 'YO1 1AA', 'Cafe', 53.96, -1.08) RETURNING id, map_key`,
      );
      expect(rows[0].map_key).not.toBeNull();
      await db.query(`UPDATE businesses SET latitude = 51.5, longitude = -0.12, map_key = 1 WHERE id = $1`, [rows[0].id]);
      const moved = await db.query(`SELECT map_key = map_key(51.5, -0.12) AS placed FROM businesses WHERE id = $1`, [rows[0].id]);
      expect(moved.rows).toEqual([{ placed: true }]);

      await db.query(`DELETE FROM pgmigrations WHERE name = $1`, [MAP_TILES]);
      await runMigrations(database.url, () => {}, 1);
      for (const row of await cellsBesideBusinesses()) expect(row).toEqual(expect.objectContaining({ counted: row.direct, kept_cells: row.cells }));

      await runMigrations(database.url);
      const tiles = await db.query(`SELECT sum(count)::int AS count FROM map_cells WHERE level = 2`);
      expect(tiles.rows).toEqual([{ count: BUSINESSES - Math.floor(BUSINESSES / 10) + 1 }]);
    },
  );
});
