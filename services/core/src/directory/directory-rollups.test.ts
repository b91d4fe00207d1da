import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInputSchema } from '@zaytoon/contract';
import { BusinessesRepository, type CityStats, type DirectoryFilters } from '../businesses/businesses.repository';
import { inTransaction } from '../db/pool';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { MergesRepository } from '../duplicates/merges.repository';
import { GeocodingRepository } from '../geocoding/geocoding.repository';
import { ModerationRepository } from '../moderation/moderation.repository';
import { ReportsRepository } from '../reports/reports.repository';
import { UsersRepository } from '../users/users.repository';
import { VerificationRepository } from '../verification/verification.repository';
import { VERIFICATION_CURRENT, VERIFICATION_CUTOFF_DAY } from '../verification/verification-sql';
import { DirectoryRollupRepository, rollupsAnswer } from './directory-rollup.repository';
import { summarise } from './directory.service';

let database: ThrowawayDatabase;
let db: pg.Pool;
let businesses: BusinessesRepository;
let rollups: DirectoryRollupRepository;
let memberId: number;
let adminId: number;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'rollups');
  db = new pg.Pool({ connectionString: database.url });
  businesses = new BusinessesRepository(db);
  rollups = new DirectoryRollupRepository(db);
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (email, username, name, password_hash, is_admin)
     VALUES ('m@example.com', 'member', 'Member', 'x', false), ('a@example.com', 'admin', 'Admin', 'x', true) RETURNING id`,
  );
  [memberId, adminId] = users.rows.map((row) => row.id);
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const LISTED = `NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')`;

/** The same figures straight from the businesses table: each group named by its first spelling A-Z. */
async function aggregated(filters: DirectoryFilters): Promise<CityStats[]> {
  const params: unknown[] = [];
  const where = [LISTED];
  if (filters.category) where.push(`lower(b.category) = lower($${params.push(filters.category)})`);
  if (filters.city) where.push(`lower(b.city) = lower($${params.push(filters.city)})`);
  if (filters.verified) where.push(`(${VERIFICATION_CURRENT})`);
  const { rows } = await db.query<CityStats>(
    `WITH names AS (SELECT lower(b.city) AS city_key, min(b.city) AS city FROM businesses b WHERE ${LISTED} GROUP BY 1)
     SELECT n.city, count(*)::int AS count, count(*) FILTER (WHERE b.latitude IS NOT NULL AND b.longitude IS NOT NULL)::int AS on_map,
            min(b.longitude) AS west, min(b.latitude) AS south, max(b.longitude) AS east, max(b.latitude) AS north
       FROM businesses b JOIN names n ON n.city_key = lower(b.city)
      WHERE ${where.join(' AND ')} GROUP BY n.city`,
    params,
  );
  return rows;
}

const FILTERS: DirectoryFilters[] = [
  {},
  { category: 'cafe' },
  { category: 'BAKERY' },
  { city: 'leeds' },
  { city: 'York' },
  { verified: true },
  { category: 'Cafe', city: 'LEEDS' },
  { category: 'cafe', verified: true },
  { city: 'leeds', verified: true },
  { category: 'Bakery', city: 'York', verified: true },
];

const byCity = (stats: CityStats[]) => [...stats].sort((a, b) => (a.city < b.city ? -1 : a.city > b.city ? 1 : 0));

/**
 * Every figure /browse counts equals the table's, for each filter the rollups answer; a mapped frame is never
 * narrower than the points (and exact while nothing has left it, `exactFrames`).
 */
async function expectRollupsMatchTable(step: string, exactFrames = false) {
  for (const filters of FILTERS) {
    expect(rollupsAnswer(filters)).toBe(true);
    const label = `${step}: ${JSON.stringify(filters)}`;
    const [fromRollups, fromTable] = await Promise.all([rollups.cityStats(filters), aggregated(filters)]);
    const counts = (stats: CityStats[]) => byCity(stats).map(({ city, count, on_map }) => ({ city, count, on_map }));
    expect(counts(fromRollups), label).toEqual(counts(fromTable));
    const { bounds: rollupBounds, ...rollupSummary } = summarise(fromRollups);
    const { bounds: tableBounds, ...tableSummary } = summarise(fromTable);
    expect(rollupSummary, label).toEqual(tableSummary);
    expect(rollupBounds === null, label).toBe(tableBounds === null);
    if (rollupBounds && tableBounds) {
      if (exactFrames) expect(rollupBounds, label).toEqual(tableBounds);
      expect(rollupBounds[0], label).toBeLessThanOrEqual(tableBounds[0]);
      expect(rollupBounds[1], label).toBeLessThanOrEqual(tableBounds[1]);
      expect(rollupBounds[2], label).toBeGreaterThanOrEqual(tableBounds[2]);
      expect(rollupBounds[3], label).toBeGreaterThanOrEqual(tableBounds[3]);
    }
  }
  const categories = await db.query<{ category: string }>(
    `SELECT DISTINCT category FROM businesses b WHERE category <> '' AND ${LISTED} ORDER BY category`,
  );
  expect(await businesses.listCategories(), step).toEqual(categories.rows.map((row) => row.category));
  const cities = await db.query<{ city: string }>(`SELECT DISTINCT city FROM businesses b WHERE ${LISTED} ORDER BY city`);
  expect(await businesses.listCities(), step).toEqual(cities.rows.map((row) => row.city));
}

interface Spec {
  name: string;
  city: string;
  category?: string;
  at?: [number, number] | null;
}

const add = async (spec: Spec, ownerId = memberId) =>
  (
    await businesses.insert(
      businessInputSchema.parse({
        name: spec.name,
        address: '1 High St',
        city: spec.city,
        postcode: 'LS1 1AA',
        category: spec.category ?? 'Cafe',
        ...(spec.at === null ? {} : { latitude: (spec.at ?? [53.8, -1.55])[0], longitude: (spec.at ?? [53.8, -1.55])[1] }),
      }),
      ownerId,
      false,
    )
  ).id;

/** Today's cut-off day and one some days before it, as YYYY-MM-DD. */
async function cutoffDays(daysBefore: number): Promise<{ today: string; earlier: string }> {
  const { rows } = await db.query<{ today: string; earlier: string }>(
    `SELECT to_char(${VERIFICATION_CUTOFF_DAY}, 'YYYY-MM-DD') AS today, to_char(${VERIFICATION_CUTOFF_DAY} - $1::int, 'YYYY-MM-DD') AS earlier`,
    [daysBefore],
  );
  return rows[0];
}

const verify = (id: number, date: string) =>
  new VerificationRepository(db).record(id, { action: 'verified', method: 'Visited in person', note: '', evidenceUrl: '', date }, adminId);

describe('directory rollups agree with the businesses table', () => {
  it('after inserts, edits, geocoding, verifications lapsing, deletes, report approvals, merges and account deletions', async () => {
    await expectRollupsMatchTable('empty', true);

    // Inserts: one at a time through the repository, and many in one statement (the seed's way), in several spellings.
    const leedsCafe = await add({ name: 'Olive Cafe', city: 'Leeds' });
    const yorkBakery = await add({ name: 'Sumud Bakery', city: 'York', category: 'Bakery', at: [53.96, -1.08] });
    const unmapped = await add({ name: 'Cedar Books', city: 'leeds', category: 'Bookshop', at: null });
    const spread = await db.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude)
       SELECT 'Bulk ' || i, '2 Market St', (ARRAY['LEEDS', 'York', 'Bradford', 'leeds'])[1 + i % 4], 'BD1 1AA',
              (ARRAY['cafe', 'Bakery', '', 'CAFE'])[1 + i % 4], 53.7 + i / 100.0, -1.9 + i / 100.0
         FROM generate_series(1, 24) i RETURNING id`,
    );
    const bulk = spread.rows.map((row) => row.id);
    await expectRollupsMatchTable('inserts', true);

    // Geocoding gives the unmapped business its coordinates; the mapped figures follow.
    expect(await new GeocodingRepository(db).setCoordinatesIfPostcode(unmapped, 'LS1 1AA', { latitude: 53.81, longitude: -1.54 })).toBe(true);
    await expectRollupsMatchTable('geocoded', true);

    // Edits: a city change, a category change (a suggestion's way), coordinates moved.
    await businesses.update(
      leedsCafe,
      businessInputSchema.parse({ name: 'Olive Cafe', address: '1 High St', city: 'York', postcode: 'LS1 1AA', category: 'Cafe' }),
    );
    await businesses.updateField(yorkBakery, 'category', 'Cafe');
    await db.query('UPDATE businesses SET latitude = 54.5, longitude = -1.2 WHERE id = $1', [bulk[0]]);
    await db.query('UPDATE businesses SET latitude = NULL, longitude = NULL WHERE id = $1', [bulk[1]]);
    await expectRollupsMatchTable('edits');

    // Verifications: current ones, one on today's cut-off day (lapsed), and ones lapsing since the cut-off last moved.
    const days = await cutoffDays(5);
    await verify(yorkBakery, new Date().toISOString().slice(0, 10));
    await verify(bulk[2], days.today);
    for (const id of bulk.slice(3, 9)) await verify(id, new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
    await expectRollupsMatchTable('verified');
    // As if the worker had not moved the cut-off for days: the verified rows still count those verified since.
    await db.query('SELECT directory_verification_advance($1::date)', [days.earlier]);
    for (const id of bulk.slice(9, 12)) await verify(id, days.today);
    await verify(bulk[12], (await cutoffDays(2)).earlier);
    await expectRollupsMatchTable('verifications lapsed since the cut-off moved');
    await rollups.advanceVerificationCutoff();
    await expectRollupsMatchTable('cut-off moved to today');
    await new VerificationRepository(db).record(
      bulk[3],
      { action: 'unverified', method: null, note: 'closed', evidenceUrl: '', date: new Date().toISOString().slice(0, 10) },
      adminId,
    );
    await expectRollupsMatchTable('marked unverified');

    // Deletes.
    await businesses.delete(bulk[4]);
    await businesses.delete(bulk[5]);
    await expectRollupsMatchTable('deletes');

    // Reports: pending changes nothing; an approval hides the business at once; the cascade deletes it.
    const reports = new ReportsRepository(db);
    await db.query(`INSERT INTO reports (business_id, reported_by, reason) VALUES ($1, $2, 'Other'), ($3, $2, 'Other')`, [
      bulk[6],
      memberId,
      bulk[7],
    ]);
    await expectRollupsMatchTable('pending reports');
    const pending = await db.query<{ id: number; business_id: number }>(`SELECT id, business_id FROM reports WHERE status = 'pending' ORDER BY id`);
    await reports.markReviewed(pending.rows[0].id, 'approved', adminId);
    await reports.markReviewed(pending.rows[1].id, 'approved', adminId);
    await expectRollupsMatchTable('reports approved');
    await db.query(`UPDATE reports SET status = 'rejected' WHERE id = $1`, [pending.rows[1].id]);
    await expectRollupsMatchTable('an approval undone');
    await inTransaction(db, (client) => new ModerationRepository(client).deleteBusinessAndRelated(bulk[6]));
    await expectRollupsMatchTable('removal cascade');

    // A merge: B's approved report moves to A (which is then hidden too), B goes.
    await db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Spam or duplicate', 'approved')`, [bulk[13]]);
    await expectRollupsMatchTable('before a merge');
    await inTransaction(db, async (client) => {
      const merges = new MergesRepository(client);
      await merges.lockPair(bulk[14], bulk[13]);
      await merges.moveAll(bulk[14], bulk[13]);
      await merges.fillEmpty(bulk[14], bulk[13]);
      await merges.recordMerge(bulk[14], bulk[13], adminId);
      await merges.deleteBusiness(bulk[13]);
    });
    await expectRollupsMatchTable('merge');
    // A plain merge: the survivor fills its empty category from the merged one.
    await inTransaction(db, async (client) => {
      const merges = new MergesRepository(client);
      await merges.lockPair(bulk[16], bulk[17]);
      await merges.moveAll(bulk[16], bulk[17]);
      await merges.fillEmpty(bulk[16], bulk[17]);
      await merges.recordMerge(bulk[16], bulk[17], adminId);
      await merges.deleteBusiness(bulk[17]);
    });
    await expectRollupsMatchTable('merge filling a category');

    // An account deletion leaves the member's businesses listed, ownerless.
    const leaver = (
      await db.query<{ id: number }>(
        "INSERT INTO users (email, username, name, password_hash) VALUES ('l@example.com', 'leaver', 'L', 'x') RETURNING id",
      )
    ).rows[0].id;
    await add({ name: 'Karama Kitchen', city: 'Bradford', category: 'Restaurant' }, leaver);
    await inTransaction(db, (client) => new UsersRepository(client).deleteAccount(leaver));
    await expectRollupsMatchTable('account deleted');

    // The last business of a spelling and of a group goes: the lists and the groups lose them.
    const bradford = await db.query<{ id: number }>(`SELECT id FROM businesses WHERE lower(city) = 'bradford'`);
    for (const { id } of bradford.rows) await businesses.delete(id);
    await expectRollupsMatchTable('a city emptied');
    expect(await businesses.listCities()).not.toContain('Bradford');

    // Truncating (as a test reset might) empties the rollups with the table.
    await db.query('TRUNCATE businesses CASCADE');
    await expectRollupsMatchTable('truncated', true);
    expect((await db.query('SELECT 1 FROM directory_rollup WHERE businesses <> 0 OR on_map <> 0')).rowCount).toBe(0);
  });

  it('stays exact under concurrent writers to the same groups', async () => {
    const seeded = await db.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude)
       SELECT 'Busy ' || i, '1 Busy St', (ARRAY['Leeds', 'York'])[1 + i % 2], 'LS1 1AA', (ARRAY['Cafe', 'Bakery'])[1 + i % 3 % 2],
              CASE WHEN i % 5 = 0 THEN NULL ELSE 53 + i / 100.0 END, -1.5
         FROM generate_series(1, 60) i RETURNING id`,
    );
    const ids = seeded.rows.map((row) => row.id);
    const today = new Date().toISOString().slice(0, 10);
    const writers = new pg.Pool({ connectionString: database.url, max: 8 });
    try {
      const tasks: Array<() => Promise<unknown>> = [
        ...Array.from(
          { length: 12 },
          (_, i) => () =>
            writers.query(
              `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude)
             SELECT 'Rush ' || $1 || '-' || n, '1 St', $2, 'LS1 1AA', 'cafe', 53.5 + n / 10.0, -1.4 FROM generate_series(1, 5) n`,
              [i, i % 2 ? 'york' : 'Leeds'],
            ),
        ),
        ...ids
          .slice(0, 12)
          .map(
            (id, i) => () => writers.query('UPDATE businesses SET city = $2, category = $3 WHERE id = $1', [id, i % 2 ? 'Leeds' : 'York', 'Bakery']),
          ),
        ...ids
          .slice(12, 20)
          .map((id) => () => writers.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved')`, [id])),
        ...ids.slice(20, 28).map((id) => () => writers.query('DELETE FROM businesses WHERE id = $1', [id])),
        ...ids
          .slice(28, 32)
          .map(
            (id) => () =>
              new VerificationRepository(writers).record(
                id,
                { action: 'verified', method: 'Visited in person', note: '', evidenceUrl: '', date: today },
                adminId,
              ),
          ),
        ...ids.slice(32, 36).map((id) => () => writers.query('UPDATE businesses SET latitude = NULL, longitude = NULL WHERE id = $1', [id])),
      ];
      await Promise.all(tasks.map((task) => task()));
    } finally {
      await writers.end();
    }
    await expectRollupsMatchTable('concurrent writers');
  });

  it('a verified-filtered frame grows with the points and is cleared when none is left', async () => {
    const id = await add({ name: 'Frame One', city: 'Framley', at: [50, -4] });
    await verify(id, new Date().toISOString().slice(0, 10));
    const other = await add({ name: 'Frame Two', city: 'framley', at: [51, -3] });
    await verify(other, new Date().toISOString().slice(0, 10));
    const stats = await rollups.cityStats({ city: 'Framley', verified: true });
    expect(stats).toEqual([{ city: 'Framley', count: 2, on_map: 2, west: -4, south: 50, east: -3, north: 51 }]);
    await db.query('UPDATE businesses SET latitude = NULL, longitude = NULL WHERE id = ANY($1)', [[id, other]]);
    expect(await rollups.cityStats({ city: 'Framley', verified: true })).toEqual([
      { city: 'Framley', count: 2, on_map: 0, west: null, south: null, east: null, north: null },
    ]);
  });

  it('a search, open now or verified=false is not answered by the rollups', () => {
    expect(rollupsAnswer({ search: 'olive' })).toBe(false);
    expect(rollupsAnswer({ openAt: { weekMinute: 600, instant: '2026-01-12T10:00:00.000Z' } })).toBe(false);
    expect(rollupsAnswer({ verified: false })).toBe(false);
    expect(rollupsAnswer({ category: 'Cafe', city: 'Leeds', verified: true })).toBe(true);
  });
});
