import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_ZOOM } from '@zaytoon/contract';
import { tilesCovering } from '@zaytoon/contract/client';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { expansionZoom, splitZoomSql, tileKeys } from './map-tiles';

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'map_tiles');
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const PLACES = [
  [51.5074, -0.1278],
  [53.4808, -2.2426],
  [60.1545, -1.1489],
  [49.9142, -6.3155],
  [-33.8688, 151.2093],
  [0, 0],
  [85.1, 179.99],
  [-85.1, -180],
] as const;

describe('map keys (migration 018) and the tiles of the client agree', () => {
  it("every place's key lies in the key range of the tile the client asks for, at every zoom", async () => {
    for (const [lat, lng] of PLACES) {
      const { rows } = await db.query<{ key: string }>('SELECT map_key($1, $2)::text AS key', [lat, lng]);
      const key = BigInt(rows[0].key);
      for (let zoom = MAP_ZOOM.min; zoom <= MAP_ZOOM.max; zoom++) {
        const [tile] = tilesCovering({ west: lng, south: lat, east: lng, north: lat }, zoom);
        const { from, to, firstCell, endCell, cellShift } = tileKeys(tile.z, tile.x, tile.y);
        expect(key >= BigInt(from) && key < BigInt(to), `${lat},${lng} at ${zoom}`).toBe(true);
        const cell = key >> BigInt(cellShift);
        expect(cell >= BigInt(firstCell) && cell < BigInt(endCell)).toBe(true);
      }
    }
  });

  it('a cluster flies to the first zoom where its businesses fall into two cells', async () => {
    const split = async (a: readonly [number, number], b: readonly [number, number]) => {
      const { rows } = await db.query<{ zoom: number | null }>(
        `SELECT ${splitZoomSql('k1', 'k2')} AS zoom
           FROM (SELECT least(map_key($1, $2), map_key($3, $4)) AS k1, greatest(map_key($1, $2), map_key($3, $4)) AS k2) keys`,
        [...a, ...b],
      );
      return rows[0].zoom;
    };
    const london = [51.5074, -0.1278] as const;
    const near = [51.5079, -0.1272] as const;
    const zoom = (await split(london, near))!;
    const cells = (z: number) =>
      new Set([london, near].map(([lat, lng]) => JSON.stringify(tilesCovering({ west: lng, south: lat, east: lng, north: lat }, z + 2)[0])));
    expect(cells(zoom).size).toBe(2);
    expect(cells(zoom - 1).size).toBe(1);
    expect(await split(london, london)).toBeNull();
    expect(expansionZoom(5, null)).toBe(MAP_ZOOM.clusterMaxZoom + 1);
    expect(expansionZoom(5, 3)).toBe(6);
    expect(expansionZoom(5, 25)).toBe(MAP_ZOOM.clusterMaxZoom + 1);
  });
});
