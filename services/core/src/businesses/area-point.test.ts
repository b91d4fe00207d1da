import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { lookupOutcode } from '../geo/outcodes';

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'area_point');
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const LS1 = lookupOutcode('LS1')!;
const LS2 = lookupOutcode('LS2')!;
const EXACT = { latitude: 53.80412, longitude: -1.53371 };

interface Points {
  latitude: number | null;
  longitude: number | null;
  exact_latitude: number | null;
  exact_longitude: number | null;
  at_key: boolean;
}

const pointsOf = async (id: number) =>
  (
    await db.query<Points>(
      `SELECT latitude, longitude, exact_latitude, exact_longitude, map_key IS NOT DISTINCT FROM map_key(latitude, longitude) AS at_key
         FROM businesses WHERE id = $1`,
      [id],
    )
  ).rows[0];

const insertExact = async (postcode = 'LS1 6HD') =>
  (
    await db.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode, latitude, longitude) VALUES ('Home', '7 Quarry Mount', 'Leeds', $1, $2, $3) RETURNING id`,
      [postcode, EXACT.latitude, EXACT.longitude],
    )
  ).rows[0].id;

describe("the businesses_area_point triggers (migration 1700000000030): an 'area' business's public point", () => {
  it("is its district's centre, the exact point kept aside and back when it returns to 'exact'", async () => {
    const id = await insertExact();
    await db.query("UPDATE businesses SET location_precision = 'area' WHERE id = $1", [id]);
    expect(await pointsOf(id)).toEqual({ ...LS1, exact_latitude: EXACT.latitude, exact_longitude: EXACT.longitude, at_key: true });
    // A vote changes nothing of it.
    await db.query('UPDATE businesses SET upvotes = upvotes + 1 WHERE id = $1', [id]);
    expect(await pointsOf(id)).toMatchObject({ ...LS1, exact_latitude: EXACT.latitude });
    await db.query("UPDATE businesses SET location_precision = 'exact' WHERE id = $1", [id]);
    expect(await pointsOf(id)).toEqual({ ...EXACT, exact_latitude: null, exact_longitude: null, at_key: true });
  });

  it('takes a new point written by geocoding as the exact one, and follows a new postcode', async () => {
    const id = await insertExact();
    await db.query("UPDATE businesses SET location_precision = 'area' WHERE id = $1", [id]);
    await db.query("UPDATE businesses SET postcode = 'LS2 7EY' WHERE id = $1", [id]);
    expect(await pointsOf(id)).toEqual({ ...LS2, exact_latitude: null, exact_longitude: null, at_key: true });
    await db.query('UPDATE businesses SET latitude = 53.8061, longitude = -1.5533 WHERE id = $1', [id]);
    expect(await pointsOf(id)).toEqual({ ...LS2, exact_latitude: 53.8061, exact_longitude: -1.5533, at_key: true });
  });

  it('is no point at all when its district is unknown, never the exact one', async () => {
    const id = await insertExact('ZZ9 9ZZ');
    await db.query("UPDATE businesses SET location_precision = 'area' WHERE id = $1", [id]);
    expect(await pointsOf(id)).toMatchObject({ latitude: null, longitude: null, exact_latitude: EXACT.latitude });
  });

  it('is the centre from the insert on, and a stored row copied back in (a restore) keeps both its points', async () => {
    const added = (
      await db.query<{ id: number }>(
        `INSERT INTO businesses (name, address, city, postcode, latitude, longitude, location_precision)
         VALUES ('Home', '7 Quarry Mount', 'Leeds', 'LS1 6HD', $1, $2, 'area') RETURNING id`,
        [EXACT.latitude, EXACT.longitude],
      )
    ).rows[0].id;
    expect(await pointsOf(added)).toEqual({ ...LS1, exact_latitude: EXACT.latitude, exact_longitude: EXACT.longitude, at_key: true });
    const copied = (
      await db.query<{ id: number }>(
        `INSERT INTO businesses (name, address, city, postcode, latitude, longitude, exact_latitude, exact_longitude, location_precision)
         VALUES ('Home', '7 Quarry Mount', 'Leeds', 'LS1 6HD', $1, $2, $3, $4, 'area') RETURNING id`,
        [LS1.latitude, LS1.longitude, EXACT.latitude, EXACT.longitude],
      )
    ).rows[0].id;
    expect(await pointsOf(copied)).toEqual({ ...LS1, exact_latitude: EXACT.latitude, exact_longitude: EXACT.longitude, at_key: true });
  });
});
