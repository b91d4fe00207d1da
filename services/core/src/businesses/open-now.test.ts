import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInputSchema, londonWeekMinute, openingStatusAt, type SpecialHoursEntry } from '@zaytoon/contract';
import { EID_2026, RAMADAN_2026 } from '@zaytoon/contract/testing';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { toDirectoryFilters } from '../directory/directory-filters';
import { tileKeys } from '../directory/map-tiles';
import { MergesRepository } from '../duplicates/merges.repository';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { BusinessesRepository, openAtCondition, type DirectoryFilters } from './businesses.repository';

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

const add = (name: string, business_hours: Record<string, string>, city = CITY) =>
  businesses.insert(
    businessInputSchema.parse({ name, address: '1 High St', city, postcode: 'LS1 1AA', business_hours, latitude: 53.8, longitude: -1.5 }),
    ownerId,
    false,
  );

/** The names every directory answer gives for 'Open now' at `iso`, checked to agree with each other. */
async function openAt(iso: string, city = CITY): Promise<string[]> {
  const filters: DirectoryFilters = { ...toDirectoryFilters({ city, open_now: 'true' }, new Date(iso)) };
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
      // With special hours: a BitmapOr of the weekly minutes' index and the special hours' one.
      const openNow = openAtCondition(toDirectoryFilters({ open_now: 'true' }, new Date('2026-01-12T12:00:00Z')).openAt!);
      const plan = (await client.query(`EXPLAIN SELECT id FROM businesses b WHERE ${openNow.sql}`, openNow.values)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('BitmapOr');
      expect(plan).toContain('businesses_open_minutes');
      expect(plan).toContain('businesses_special_open');
    } finally {
      client.release();
    }
  });
});

describe("'Open now' with special hours in SQL", () => {
  const SPECIAL_CITY = 'Specialtown';
  const RAMADAN = RAMADAN_2026;
  const EID = EID_2026;
  const SHOPS: { name: string; hours: Record<string, string>; special: SpecialHoursEntry[] }[] = [
    { name: 'Always But Eid', hours: ALWAYS, special: [EID] },
    { name: 'Ramadan Evenings', hours: WEEKDAYS_9_TO_6, special: [RAMADAN] },
    { name: 'Late Bar But Eid', hours: { thursday: '6 pm - 2 am' }, special: [EID] },
    { name: 'Special Only', hours: { monday: 'By appointment' }, special: [RAMADAN] },
    { name: 'No Special', hours: WEEKDAYS_9_TO_6, special: [] },
  ];
  beforeAll(async () => {
    for (const shop of SHOPS) {
      const row = await add(shop.name, shop.hours, SPECIAL_CITY);
      await businesses.setSpecialHours(row.id, shop.special);
    }
  });
  const openIn = (iso: string) => openAt(iso, SPECIAL_CITY);

  it('a special closed day overrides the weekly hours on that date only', async () => {
    expect(await openIn('2026-03-20T12:00:00Z')).toEqual(['No Special', 'Ramadan Evenings']);
    expect(await openIn('2026-03-21T12:00:00Z')).toEqual(['Always But Eid']);
    // The night before Eid goes on until its midnight; the weekly hours past midnight stop there.
    expect(await openIn('2026-03-19T23:59:00Z')).toEqual(['Always But Eid', 'Late Bar But Eid']);
    expect(await openIn('2026-03-20T01:00:00Z')).toEqual([]);
  });

  it('a range across months whose hours cross midnight: still open at 1 AM the next date, also past the range', async () => {
    // Monday 30 March, 12:00 BST: the weekly 9-18 is replaced by 18:00-02:00.
    expect(await openIn('2026-03-30T11:00:00Z')).toEqual(['Always But Eid', 'No Special']);
    expect(await openIn('2026-04-01T18:00:00Z')).toEqual(['Always But Eid', 'Ramadan Evenings', 'Special Only']);
    // Friday 3 April 01:00 BST, after the last date: the night of 2 April goes on; 02:00 it has closed.
    expect(await openIn('2026-04-03T00:00:00Z')).toEqual(['Always But Eid', 'Late Bar But Eid', 'Ramadan Evenings', 'Special Only']);
    expect(await openIn('2026-04-03T01:00:00Z')).toEqual(['Always But Eid']);
    // Sunday 29 March 00:30 GMT, before the clocks go forward.
    expect(await openIn('2026-03-29T00:30:00Z')).toEqual(['Always But Eid', 'Ramadan Evenings', 'Special Only']);
  });

  it("agrees with the browser's status line every half hour from 18 March to 4 April", async () => {
    for (let time = Date.parse('2026-03-18T00:00:00Z'); time < Date.parse('2026-04-04T00:00:00Z'); time += 30 * 60_000) {
      const filters = toDirectoryFilters({ city: SPECIAL_CITY, open_now: 'true' }, time);
      const inSql = (await businesses.listPage(filters, { limit: 50, forAdmin: false })).map((row) => row.name).sort();
      const inBrowser = SHOPS.filter((shop) => openingStatusAt(shop.hours, shop.special, time)?.open)
        .map((shop) => shop.name)
        .sort();
      expect({ at: new Date(time).toISOString(), open: inSql }).toEqual({ at: new Date(time).toISOString(), open: inBrowser });
    }
  });

  it("an alert's 'Open now' counts a business that opens on special dates only", async () => {
    const names = (await businesses.listPage({ city: SPECIAL_CITY, opensInTheWeek: true }, { limit: 50, forAdmin: false })).map((row) => row.name);
    expect(names).toContain('Special Only');
  });
});
