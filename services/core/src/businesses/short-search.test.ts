import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryRollupRepository } from '../directory/directory-rollup.repository';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import type { Queryable } from '../db/pool';
import { BusinessesRepository, isShortSearch, type DirectoryFilters } from './businesses.repository';
import { tileKeys } from '../directory/map-tiles';

// One- and two-character searches read businesses through the name-prefix index (migration 019),
// never by a scan of the table, and the page, its total, the summary's figures and the map points agree.

const BUSINESSES = 20_000;
const FIRST_WORDS = [
  'The',
  'Al',
  'Olive',
  'Zaytoon',
  'Cedar',
  'Jasmine',
  'Falcon',
  'Golden',
  'Riverside',
  'Hebron',
  'Baker',
  'Corner',
  'Nablus',
  'Yafa',
];
const SECOND_WORDS = [
  'Bakery',
  'Kitchen',
  'Grocery',
  'Books',
  'Florist',
  'Barbers',
  'Cafe',
  'Mezze House',
  'Tailoring',
  'Pharmacy',
  'Garage',
  'Deli',
];

let database: ThrowawayDatabase;
let pool: pg.Pool;
let plans: { sql: string; plan: string }[] = [];
let businesses: BusinessesRepository;

/** Runs each statement as the repository sends it, after recording the plan Postgres chooses for it. */
function explaining(db: pg.Pool): Queryable {
  const query = async (text: string, values?: unknown[]) => {
    if (/\bFROM businesses\b/.test(text)) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (FORMAT TEXT) ${text}`, values);
      plans.push({ sql: text, plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
    return db.query(text, values);
  };
  return { query } as unknown as Queryable;
}

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'short_search');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // Names of two or three words over 40 cities, a tenth of them unmapped; then the planner's statistics. Batch
  // work, longer than the database's statement timeout.
  const setup = new pg.Client({ connectionString: database.url, options: '-c statement_timeout=0' });
  await setup.connect();
  // Fixtures have no history (as the seeds): the revision trigger records nothing.
  await setup.query("SELECT set_config('zaytoon.revision_kind', 'seed', false)");
  await setup.query(
    `INSERT INTO businesses (name, address, city, postcode, category, description, latitude, longitude)
     SELECT ($1::text[])[1 + n % cardinality($1::text[])] || ' ' || ($2::text[])[1 + (n / 7) % cardinality($2::text[])] || ' ' || n,
            '1 High Street', 'City ' || (n % 40), 'XX1 1XX', 'Cafe', 'A place in the area with a bit of everything',
            CASE WHEN n % 10 = 0 THEN NULL ELSE 51 + (n % 97) / 100.0 END, CASE WHEN n % 10 = 0 THEN NULL ELSE -1 + (n % 89) / 100.0 END
       FROM generate_series(1, $3::int) AS n`,
    [FIRST_WORDS, SECOND_WORDS, BUSINESSES],
  );
  await setup.query('VACUUM ANALYZE businesses');
  await setup.end();
  businesses = new BusinessesRepository(pool, explaining(pool));
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** Every answer the directory builds from these filters, with the plans of their statements. */
async function everyAnswer(filters: DirectoryFilters) {
  plans = [];
  const page = await businesses.listPage(filters, { limit: 50, forAdmin: false });
  const total = await businesses.count(filters);
  const cities = await businesses.cityStats(filters);
  const cells = await businesses.mapTileCells(filters, tileKeys(0, 0, 0));
  return { page, total, cities, mapped: cells.reduce((sum, cell) => sum + cell.count, 0), plans };
}

describe('one- and two-character searches', () => {
  for (const search of ['b', 'z', 'ba', 'th', 'al', 'ce', 'c']) {
    it(`'${search}' reads businesses through an index, never by scanning the table, and every answer agrees`, async () => {
      const { page, total, cities, mapped, plans } = await everyAnswer({ search });
      expect(plans).toHaveLength(4);
      for (const { sql, plan } of plans) {
        expect(plan, sql).not.toMatch(/Seq Scan on businesses/);
        // The prefix index finds the matches; the planner may read their rows from it alone or from the heap.
        expect(plan, sql).toMatch(/(Index Only Scan using|Index Scan using|Bitmap Index Scan on) businesses_name_prefix_idx/);
      }
      // The page walks the index in its order: no sort of all the matches (ties of one name may be sorted by id).
      expect(plans[0].plan, plans[0].sql).not.toMatch(/(^|->\s+)Sort\b/m);
      expect(total).toBeGreaterThan(50);
      expect(total).toBeLessThan(BUSINESSES);
      expect(await new DirectoryRollupRepository(pool).total({ search: search.toUpperCase() })).toBe(total);
      expect(page).toHaveLength(50);
      for (const row of page) expect(row.name.toLowerCase().startsWith(search), row.name).toBe(true);
      expect(cities.reduce((sum, city) => sum + city.count, 0)).toBe(total);
      expect(mapped).toBe(cities.reduce((sum, city) => sum + city.on_map, 0));
    });
  }

  it('lists A-Z by the folded name (its index order), and keyset paging walks it without a repeat', async () => {
    const seen: string[] = [];
    let after;
    for (let pageNumber = 0; pageNumber < 5; pageNumber += 1) {
      const page: Awaited<ReturnType<BusinessesRepository['listPage']>> = await businesses.listPage(
        { search: 'ce' },
        { limit: 40, forAdmin: false, after },
      );
      seen.push(...page.map((row) => `${row.name}#${row.id}`));
      const last = page.at(-1)!;
      after = { mode: 'prefix' as const, folded: last.folded_name!, id: last.id };
    }
    expect(new Set(seen).size).toBe(200);
    const { rows } = await pool.query<{ key: string }>(
      `SELECT name || '#' || id AS key FROM businesses WHERE search_fold(name) LIKE 'ce%'
        ORDER BY search_fold(name) COLLATE "C", id LIMIT 200`,
    );
    expect(seen).toEqual(rows.map((row) => row.key));
  });

  it('is decided once, on the folded text: accents and Arabic marks do not count', () => {
    expect(isShortSearch('ab')).toBe(true);
    expect(isShortSearch('abc')).toBe(false);
    expect(isShortSearch('é')).toBe(true);
    expect(isShortSearch('e\u0301a')).toBe(true);
    expect(isShortSearch('بَيْ')).toBe(true);
  });

  it('a search of three characters or more still finds substrings (pg_trgm)', async () => {
    const { total } = await everyAnswer({ search: 'ake' });
    const { rows } = await pool.query<{ total: number }>("SELECT count(*)::int AS total FROM businesses WHERE search_text LIKE '%ake%'");
    expect(total).toBe(rows[0].total);
  });
});
