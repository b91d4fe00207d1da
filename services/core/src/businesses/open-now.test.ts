import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInputSchema, londonWeekMinute } from '@zaytoon/contract';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { toDirectoryFilters } from '../directory/directory-filters';
import { tileKeys } from '../directory/map-tiles';
import { MergesRepository } from '../duplicates/merges.repository';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { BusinessesRepository, type DirectoryFilters } from './businesses.repository';

let database: ThrowawayDatabase;
let db: pg.Pool;
let businesses: BusinessesRepository;
let ownerId: number;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'open_now');
  db = new pg.Pool({ connectionString: database.url });
  businesses = new BusinessesRepository(db);
  ownerId = (
    await db.query<{ id: number }>(
      "INSERT INTO users (email, username, name, password_hash) VALUES ('o@example.com', 'owner', 'Owner', 'x') RETURNING id",
    )
  ).rows[0].id;
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const CITY = 'Opentown';
const WEEKDAYS_9_TO_6 = { monday: '9:00 AM - 6:00 PM', tuesday: '9-18', wednesday: '9-18', thursday: '9-18', friday: '9-18' };
const ALWAYS = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, '24 hours']));

const add = (name: string, business_hours: Record<string, string>) =>
  businesses.insert(
    businessInputSchema.parse({ name, address: '1 High St', city: CITY, postcode: 'LS1 1AA', business_hours, latitude: 53.8, longitude: -1.5 }),
    ownerId,
    false,
  );

/** The names every directory answer gives for 'Open now' at `iso`, checked to agree with each other. */
async function openAt(iso: string): Promise<string[]> {
  const filters: DirectoryFilters = { ...toDirectoryFilters({ city: CITY, open_now: 'true' }, new Date(iso)) };
  const page = (await businesses.listPage(filters, { limit: 50, forAdmin: false })).map((row) => row.name);
  expect(await businesses.count(filters)).toBe(page.length);
  expect((await businesses.cityStats(filters)).reduce((sum, city) => sum + city.count, 0)).toBe(page.length);
  const world = tileKeys(0, 0, 0);
  expect((await businesses.mapTileCells(filters, world)).reduce((sum, cell) => sum + cell.count, 0)).toBe(page.length);
  expect((await businesses.mapTileBusinesses(filters, world, 50)).map((point) => point.name).sort()).toEqual(page);
  return page;
}

describe("'Open now' in SQL", () => {
  beforeAll(async () => {
    await add('Always Open', ALWAYS);
    await add('Never Open', { monday: 'Closed', tuesday: 'Closed', sunday: 'Closed' });
    await add('No Hours', {});
    await add('Odd Hours', { monday: 'By appointment' });
    await add('Shop Nine To Six', WEEKDAYS_9_TO_6);
    await add('Late Bar', { friday: '6 pm - 2 am' });
  });

  it.each([
    ['winter', '2026-01-12T08:59:00Z', '2026-01-12T09:00:00Z', '2026-01-12T17:59:00Z', '2026-01-12T18:00:00Z'],
    ['summer', '2026-07-13T07:59:00Z', '2026-07-13T08:00:00Z', '2026-07-13T16:59:00Z', '2026-07-13T17:00:00Z'],
  ])('a 9 am - 6 pm shop on a Monday in %s: out at 8:59, in at 9:00 and 17:59, out at 18:00', async (_, before, opening, last, closing) => {
    expect(await openAt(before)).toEqual(['Always Open']);
    expect(await openAt(opening)).toEqual(['Always Open', 'Shop Nine To Six']);
    expect(await openAt(last)).toEqual(['Always Open', 'Shop Nine To Six']);
    expect(await openAt(closing)).toEqual(['Always Open']);
  });

  it('a range past midnight is open into the next morning; no filter lists everyone', async () => {
    // Saturday 17 January 2026, 1:30 am London time.
    expect(await openAt('2026-01-17T01:30:00Z')).toEqual(['Always Open', 'Late Bar']);
    expect(await openAt('2026-01-17T02:00:00Z')).toEqual(['Always Open']);
    expect(await businesses.count({ city: CITY })).toBe(6);
  });

  it('keeps what the API writes in step: an edit and a one-field suggestion re-parse the hours', async () => {
    const row = await add('Edited Later', {});
    const monday10 = '2026-01-12T10:00:00Z';
    expect(await openAt(monday10)).not.toContain('Edited Later');
    await businesses.updateField(row.id, 'business_hours', { monday: '10-11' });
    expect(await openAt(monday10)).toContain('Edited Later');
    await businesses.update(
      row.id,
      businessInputSchema.parse({ name: 'Edited Later', address: '1', city: CITY, postcode: 'LS1', business_hours: {} }),
    );
    expect(await openAt(monday10)).not.toContain('Edited Later');
    await db.query('DELETE FROM businesses WHERE id = $1', [row.id]);
  });

  it('a merge carries the hours with their intervals, and a revert parses the hours it restores', async () => {
    const monday10 = '2026-01-12T10:00:00Z';
    const into = await add('Merged Into', {});
    const from = await add('Merged From', { monday: '10-11' });
    await new MergesRepository(db).fillEmpty(into.id, from.id);
    expect(await openAt(monday10)).toEqual(expect.arrayContaining(['Merged Into', 'Merged From']));
    await new RevisionsRepository(db).restore(into.id, { business_hours: { monday: 'Closed' } });
    expect(await openAt(monday10)).not.toContain('Merged Into');
    await new RevisionsRepository(db).restore(into.id, { business_hours: { monday: '24 hours' } });
    expect(await openAt(monday10)).toContain('Merged Into');
    await db.query('DELETE FROM businesses WHERE id = ANY($1)', [[into.id, from.id]]);
  });

  it('rows written by SQL that bypasses the repository wait, left out of the filter, until parsePendingHours', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode, business_hours) VALUES ('Seeded', '1', $1, 'LS1', $2) RETURNING id`,
      [CITY, JSON.stringify(ALWAYS)],
    );
    const filters = toDirectoryFilters({ city: CITY, open_now: 'true' }, new Date('2026-01-12T12:00:00Z'));
    // Monday noon: 'Always Open' and 'Shop Nine To Six'.
    expect(await businesses.count(filters)).toBe(2);
    expect(await businesses.parsePendingHours(1)).toBe(1);
    expect(await businesses.count(filters)).toBe(3);
    // Hours changed behind the repository's back stop counting until parsed again.
    await db.query(`UPDATE businesses SET business_hours = '{"monday":"Closed"}' WHERE id = $1`, [rows[0].id]);
    expect(await businesses.count(filters)).toBe(2);
    expect(await businesses.parsePendingHours()).toBe(1);
    expect(await businesses.count(filters)).toBe(2);
    expect(await businesses.parsePendingHours()).toBe(0);
    await db.query('DELETE FROM businesses WHERE id = $1', [rows[0].id]);
  });

  it('reads the GiST index: no answer grows with the whole table', async () => {
    const client = await db.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const minute = londonWeekMinute(new Date('2026-01-12T12:00:00Z'));
      const { rows } = await client.query(`EXPLAIN SELECT id FROM businesses b WHERE b.open_minutes @> $1::int4`, [minute]);
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('businesses_open_minutes');
    } finally {
      client.release();
    }
  });
});
