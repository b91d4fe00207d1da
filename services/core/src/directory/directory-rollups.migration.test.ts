import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { migrationsBefore, runMigrations } from '../db/migrate';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { DirectoryRollupRepository } from './directory-rollup.repository';

// Every migration before 1700000000017, which adds the rollups and fills them from the rows already there.
const ROLLUPS = '1700000000017_directory-rollups';
const MIGRATIONS_BEFORE = migrationsBefore(ROLLUPS);

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'rollups_migration', MIGRATIONS_BEFORE);
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

describe('migration 1700000000017: directory rollups', () => {
  it('fills the rollups from the businesses already listed, leaving out those whose report was approved, without rewriting the table and once however often it runs', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude, verified_on)
       VALUES ('Olive', '1 High St', 'Leeds', 'LS1 1AA', 'Cafe', 53.8, -1.55, current_date - 10),
              ('Cedar', '2 High St', 'leeds', 'LS1 1AA', 'cafe', NULL, NULL, NULL),
              ('Sumud', '3 High St', 'York', 'YO1 1AA', 'Bakery', 53.96, -1.08, current_date - 500),
              ('Gone', '4 High St', 'Hull', 'HU1 1AA', 'Grocer', 53.74, -0.33, NULL)
       RETURNING id`,
    );
    await db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved')`, [rows[3].id]);
    const tableFile = async () => (await db.query(`SELECT pg_relation_filenode('businesses')::text AS file`)).rows[0].file;
    const fileBefore = await tableFile();

    await runMigrations(database.url, () => {}, 1);
    expect(await tableFile()).toBe(fileBefore);
    await expectRollupsOf(rows);

    // Run again (as after a failure): nothing counted twice; then the later migrations follow.
    await db.query(`DELETE FROM pgmigrations WHERE name = $1`, [ROLLUPS]);
    await runMigrations(database.url, () => {}, 1);
    await expectRollupsOf(rows);
    await runMigrations(database.url);
    await expectRollupsOf(rows);
  });
});

/** What the rollups say of the four businesses inserted before the migration (the fourth's report approved). */
async function expectRollupsOf(rows: Array<{ id: number }>) {
  const rollups = new DirectoryRollupRepository(db);
  expect(await rollups.cityStats({})).toEqual(
    expect.arrayContaining([
      { city: 'Leeds', count: 2, on_map: 1, west: -1.55, south: 53.8, east: -1.55, north: 53.8 },
      { city: 'York', count: 1, on_map: 1, west: -1.08, south: 53.96, east: -1.08, north: 53.96 },
    ]),
  );
  expect(await rollups.cityStats({})).toHaveLength(2);
  expect(await rollups.cityStats({ verified: true })).toEqual([
    { city: 'Leeds', count: 1, on_map: 1, west: -1.55, south: 53.8, east: -1.55, north: 53.8 },
  ]);
  expect(await rollups.cityStats({ category: 'CAFE' })).toEqual([expect.objectContaining({ city: 'Leeds', count: 2 })]);
  const businesses = new BusinessesRepository(db);
  expect(await businesses.listCities()).toEqual(['Leeds', 'York', 'leeds']);
  expect(await businesses.listCategories()).toEqual(['Bakery', 'Cafe', 'cafe']);
  expect((await db.query('SELECT removal_approved FROM businesses WHERE id = $1', [rows[3].id])).rows[0].removal_approved).toBe(true);
}
