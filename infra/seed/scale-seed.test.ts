import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourcesText } from '@zaytoon/contract';
import { outcodeOf, outcodeTable, createPool } from '@zaytoon/core';
import { createMigratedDatabase, databaseUrlFor, testServerUrl, type ThrowawayDatabase } from '@zaytoon/core/testing';
import { cityOf, seedScaleBusinesses } from './scale-seed';
import { DEMO_CATEGORIES } from './word-lists';

/**
 * Runs against a real Postgres: DATABASE_URL names a server where this role may CREATE DATABASE. Every suite seeds
 * its own throwaway database and drops it afterwards, so the database DATABASE_URL names is never touched.
 */
const baseUrl = testServerUrl();
const COUNT = 2_000;
const SEED = 20_250_601;
const LONDON_AREAS = new Set(['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);
/** Everything a seeded row holds except its id and timestamps (those move with the clock, as do its sources' dates). */
const CONTENT = `name, address, city, postcode, category, description, phone, website,
  regexp_replace(proof_of_support, '\\d{4}-\\d{2}-\\d{2}', 'YYYY-MM-DD', 'g') AS proof_of_support,
  business_hours::text AS business_hours, social_media::text AS social_media, latitude, longitude, upvotes, downvotes, verified`;

interface SourceRow {
  kind: string;
  description: string;
  date: string;
}

interface Row {
  name: string;
  address: string;
  city: string;
  postcode: string;
  category: string;
  description: string;
  phone: string;
  website: string;
  latitude: number | null;
  longitude: number | null;
  business_hours: Record<string, string>;
  social_media: Record<string, string>;
  upvotes: number;
  downvotes: number;
  vote_score: number;
  verified: boolean;
  created_at: Date;
}

/** Every word of the businesses' search vectors that the typo-tolerance dictionary lacks. */
async function wordsMissingFromDictionary(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ word: string }>(`SELECT DISTINCT w.word
      FROM businesses b, unnest(tsvector_to_array(b.search_vector)) AS w(word)
     WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w.word) LIMIT 20`);
  return rows.map((row) => row.word);
}

/** The dictionary lookup the directory search does for a misspelt word (pg_trgm %, best first). */
async function dictionaryMatches(pool: pg.Pool, typo: string): Promise<string[]> {
  const { rows } = await pool.query<{ word: string }>('SELECT word FROM search_words WHERE word % $1 ORDER BY similarity(word, $1) DESC LIMIT 5', [
    typo,
  ]);
  return rows.map((row) => row.word);
}

describe('cityOf', () => {
  it('takes the town, but never a street or road number the CSV has in its place', () => {
    expect(cityOf('Douglas, Braddan', 'Isle of Man', 'Isle of Man')).toBe('Douglas');
    expect(cityOf('9 Arcadia Close', 'Southampton', 'England')).toBe('Southampton');
    expect(cityOf('A863', 'Highland', 'Scotland')).toBe('Highland');
    expect(cityOf('', '', '')).toBe('United Kingdom');
  });
});

describe('seedScaleBusinesses (real Postgres)', () => {
  let db: ThrowawayDatabase;
  let pool: pg.Pool;
  let result: { inserted: number; durationMs: number };
  let rows: Row[];
  const messages: string[] = [];

  beforeAll(async () => {
    db = await createMigratedDatabase(baseUrl, 'zaytoon_scale_seed_test');
    pool = createPool(db.url, 2);
    result = await seedScaleBusinesses(pool, COUNT, { seed: SEED, log: (message) => messages.push(message) });
    ({ rows } = await pool.query<Row>('SELECT * FROM businesses ORDER BY id'));
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  }, 60_000);

  it('inserts exactly the requested number, reports it and logs progress', () => {
    expect(result.inserted).toBe(COUNT);
    expect(rows).toHaveLength(COUNT);
    expect(result.durationMs).toBeGreaterThan(0);
    expect(result.durationMs).toBeLessThan(60_000);
    expect(messages.some((message) => message.includes(String(SEED)))).toBe(true);
    expect(messages.at(-1)).toMatch(/2,000 businesses/);
  });

  it('gives every business a non-blank city and a postcode in a real district', () => {
    const table = outcodeTable();
    for (const row of rows) {
      expect(row.city.trim()).not.toBe('');
      expect(row.postcode).toMatch(/^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][ABD-HJLNP-UW-Z]{2}$/);
      const outcode = outcodeOf(row.postcode);
      expect(outcode).not.toBeNull();
      expect(table.has(outcode!)).toBe(true);
    }
  });

  it("puts mapped businesses exactly on their district's centre and leaves 2-15% off the map", () => {
    const table = outcodeTable();
    let unmapped = 0;
    for (const row of rows) {
      const centre = table.get(outcodeOf(row.postcode)!)!;
      if (row.latitude === null || row.longitude === null) {
        expect(row.latitude).toBeNull();
        expect(row.longitude).toBeNull();
        unmapped++;
      } else {
        expect(row.latitude).toBe(centre.latitude);
        expect(row.longitude).toBe(centre.longitude);
      }
    }
    expect(unmapped / COUNT).toBeGreaterThanOrEqual(0.02);
    expect(unmapped / COUNT).toBeLessThanOrEqual(0.15);
  });

  it('uses the district town as city, or its county when the town is blank or not a town', () => {
    const table = outcodeTable();
    for (const row of rows) {
      const info = table.get(outcodeOf(row.postcode)!)!;
      const town = info.town.split(',')[0].trim();
      const expected = (/\d/.test(town) ? '' : town) || info.county.split(',')[0].trim() || info.country;
      expect(row.city).toBe(expected);
      expect(row.city).not.toMatch(/\d/);
    }
  });

  it('spreads businesses over many districts, cities and every category, weighted towards the big cities', () => {
    const districts = new Set(rows.map((row) => outcodeOf(row.postcode)));
    expect(districts.size).toBeGreaterThan(500);
    expect(new Set(rows.map((row) => row.city)).size).toBeGreaterThan(200);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(DEMO_CATEGORIES));

    const table = outcodeTable();
    const countries = new Set(rows.map((row) => table.get(outcodeOf(row.postcode)!)!.country));
    for (const country of ['England', 'Scotland', 'Wales', 'Northern Ireland']) expect(countries).toContain(country);
    // London has 9% of the districts; weighted, it gets clearly more of the businesses.
    const londonDistricts = [...table.keys()].filter((code) => LONDON_AREAS.has(code.replace(/[0-9].*$/, ''))).length;
    const london = rows.filter((row) => LONDON_AREAS.has(outcodeOf(row.postcode)!.replace(/[0-9].*$/, ''))).length;
    expect(london / COUNT).toBeGreaterThan((londonDistricts / table.size) * 1.8);
    const highland = rows.filter((row) => /^IV[0-9]/.test(row.postcode)).length;
    expect(london).toBeGreaterThan(highland * 5);
  });

  it('fills varied, fictional, searchable details', () => {
    expect(new Set(rows.map((row) => row.name)).size).toBeGreaterThan(COUNT * 0.7);
    for (const row of rows) {
      expect(row.name.trim()).not.toBe('');
      expect(row.address.trim()).not.toBe('');
      expect(row.website).toMatch(/^$|^https:\/\/(www\.)?[a-z0-9-]+\.example$/);
      expect(row.phone).toMatch(/^$|^(020 7946 0\d{3}|01\d{2} 49[68] 0\d{3}|029 2018 0\d{3}|028 9649 6\d{3}|01632 960\d{3}|07700 900\d{3})$/);
      expect(typeof row.business_hours).toBe('object');
      expect(typeof row.social_media).toBe('object');
      expect(row.vote_score).toBe(row.upvotes - row.downvotes);
    }
    const share = (test: (row: Row) => boolean) => rows.filter(test).length / COUNT;
    for (const word of ['bakery', 'falafel', 'coffee', 'books']) {
      const found = share((row) => `${row.name} ${row.description} ${row.category}`.toLowerCase().includes(word));
      expect(found, word).toBeGreaterThan(0.01);
      expect(found, word).toBeLessThan(0.2);
    }
    expect(share((row) => row.verified)).toBeGreaterThan(0.22);
    expect(share((row) => row.verified)).toBeLessThan(0.38);
    expect(share((row) => Object.keys(row.business_hours).length > 0)).toBeGreaterThan(0.8);
    expect(share((row) => Object.keys(row.social_media).length > 0)).toBeGreaterThan(0.5);
    expect(share((row) => row.website !== '')).toBeGreaterThan(0.5);
    expect(share((row) => row.upvotes + row.downvotes > 0)).toBeGreaterThan(0.5);
    expect(share((row) => row.vote_score < 0)).toBeGreaterThan(0.005);
    expect(new Set(rows.map((row) => row.vote_score)).size).toBeGreaterThan(40);
    const oldest = Math.min(...rows.map((row) => row.created_at.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(300 * 86_400_000);
    expect(rows.every((row) => row.created_at.getTime() <= Date.now())).toBe(true);
  });

  it('gives every business its sources, dated the day it was listed, with their text as its proof_of_support', async () => {
    const { rows: businesses } = await pool.query<{ id: number; proof_of_support: string; listed: string; sources: SourceRow[] }>(
      `SELECT b.id, b.proof_of_support, to_char(b.created_at, 'YYYY-MM-DD') AS listed,
              json_agg(json_build_object('kind', s.kind, 'description', s.description, 'date', to_char(s.source_date, 'YYYY-MM-DD'))
                       ORDER BY s.id) FILTER (WHERE s.id IS NOT NULL) AS sources
         FROM businesses b LEFT JOIN business_sources s ON s.business_id = b.id
        GROUP BY b.id ORDER BY b.id`,
    );
    expect(businesses).toHaveLength(COUNT);
    for (const business of businesses) {
      expect(business.sources?.length, `business ${business.id}`).toBeGreaterThanOrEqual(1);
      expect(business.sources!.every((source) => source.date === business.listed)).toBe(true);
      expect(business.proof_of_support).toBe(sourcesText(business.sources!));
    }
    expect(new Set(businesses.flatMap((business) => business.sources!.map((source) => source.kind))).size).toBeGreaterThan(3);
    expect(businesses.filter((business) => business.sources!.length === 2).length).toBeGreaterThan(COUNT * 0.2);
  });

  it('keeps the typo-tolerance dictionary complete, so misspelt seeded words are found', async () => {
    expect(await wordsMissingFromDictionary(pool)).toEqual([]);
    // Misspelt by a missing letter (the search's similarity threshold is 0.4, see pool.ts).
    expect(await dictionaryMatches(pool, 'bakey')).toContain('bakery');
    expect(await dictionaryMatches(pool, 'falafl')).toContain('falafel');
    // A seeded town name (from the outcodes CSV, not the word lists).
    const town = rows.map((row) => row.city.toLowerCase()).find((city) => /^[a-z]{8,}$/.test(city))!;
    expect(town).toBeDefined();
    const typo = town.slice(0, 4) + town.slice(5);
    expect(await dictionaryMatches(pool, typo)).toContain(town);
    const { rows: found } = await pool.query(
      "SELECT count(*)::int AS n FROM businesses WHERE search_vector @@ to_tsquery('simple', quote_literal($1))",
      [town],
    );
    expect(found[0].n).toBeGreaterThan(0);
  });

  it("keeps the map's rollup (migration 018) whole, though the seed skips its triggers", async () => {
    const { rows: levels } = await pool.query<{ level: number; count: number }>(
      'SELECT level, sum(count)::int AS count FROM map_cells GROUP BY level ORDER BY level',
    );
    const mapped = rows.filter((row) => row.latitude !== null).length;
    expect(levels.map((level) => level.count)).toEqual(Array.from({ length: 13 }, () => mapped));
  });

  it('analyzes the table afterwards', async () => {
    const { rows: stats } = await pool.query("SELECT reltuples FROM pg_class WHERE relname = 'businesses'");
    expect(stats[0].reltuples).toBeGreaterThanOrEqual(COUNT * 0.9);
  });

  it('is deterministic for a seed, differs for another, and adds rows on every run', async () => {
    const again = await seedScaleBusinesses(pool, COUNT, { seed: SEED });
    expect(again.inserted).toBe(COUNT);
    const other = await seedScaleBusinesses(pool, 200, { seed: SEED + 1 });
    expect(other.inserted).toBe(200);
    const { rows: all } = await pool.query(`SELECT ${CONTENT} FROM businesses ORDER BY id`);
    expect(all).toHaveLength(COUNT * 2 + 200);
    expect(all.slice(COUNT, COUNT * 2)).toEqual(all.slice(0, COUNT));
    const differing = all.slice(COUNT * 2).filter((row, index) => JSON.stringify(row) !== JSON.stringify(all[index]));
    expect(differing.length).toBeGreaterThan(190);
  }, 120_000);

  it('leaves no business behind when a batch fails, even one of the other connection', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n, (SELECT count(*)::int FROM search_words) AS words FROM businesses')).rows[0];
    const { rows: max } = await pool.query('SELECT max(id)::int AS id FROM businesses');
    // Three batches over two connections; the third (rows 10,001-12,000) breaks this constraint at row 11,001.
    await pool.query(`ALTER TABLE businesses ADD CONSTRAINT scale_seed_test_limit CHECK (id <= ${max[0].id + 11_000})`);
    try {
      await expect(seedScaleBusinesses(pool, 12_000, { seed: 5 })).rejects.toThrow(/scale_seed_test_limit/);
    } finally {
      await pool.query('ALTER TABLE businesses DROP CONSTRAINT scale_seed_test_limit');
    }
    const after = (await pool.query('SELECT count(*)::int AS n, (SELECT count(*)::int FROM search_words) AS words FROM businesses')).rows[0];
    // Committed batches are deleted again; the dictionary keeps their words (a spelling suggestion finds no row).
    expect(after.n).toBe(before.n);
    expect(after.words).toBeGreaterThanOrEqual(before.words);
  }, 120_000);

  it('works with a pool of one connection', async () => {
    const single = createPool(db.url, 1);
    try {
      const before = (await pool.query('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
      const messages: string[] = [];
      expect((await seedScaleBusinesses(single, 2_000, { seed: 6, log: (m) => messages.push(m) })).inserted).toBe(2_000);
      expect(messages.some((message) => message.startsWith('1 connection'))).toBe(true);
      expect((await pool.query('SELECT count(*)::int AS n FROM businesses')).rows[0].n).toBe(before + 2_000);
      expect(await wordsMissingFromDictionary(pool)).toEqual([]);
      // Seeded businesses (and their seeded verifications) have no history.
      expect((await pool.query('SELECT count(*)::int AS n FROM business_revisions')).rows[0].n).toBe(0);
    } finally {
      await single.end();
    }
  }, 120_000);

  it('rejects a bad count or seed and inserts nothing for zero', async () => {
    await expect(seedScaleBusinesses(pool, -1)).rejects.toThrow(/count/);
    await expect(seedScaleBusinesses(pool, 2.5)).rejects.toThrow(/count/);
    await expect(seedScaleBusinesses(pool, 10, { seed: 1.5 })).rejects.toThrow(/seed/);
    const before = (await pool.query('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
    expect((await seedScaleBusinesses(pool, 0)).inserted).toBe(0);
    expect((await pool.query('SELECT count(*)::int AS n FROM businesses')).rows[0].n).toBe(before);
  }, 60_000);
});

/**
 * An ordinary role (not a superuser) seeds the same way, every trigger firing: the dictionary must be complete.
 * Needs a base role that may CREATE ROLE; the role is dropped afterwards.
 */
describe('seedScaleBusinesses as an ordinary role (real Postgres)', () => {
  let db: ThrowawayDatabase;
  let admin: pg.Pool;
  let pool: pg.Pool | undefined;
  let role: string | null = null;

  beforeAll(async () => {
    db = await createMigratedDatabase(baseUrl, 'zaytoon_scale_seed_test');
    admin = createPool(db.url, 1);
    const { rows } = await admin.query('SELECT rolsuper OR rolcreaterole AS can FROM pg_roles WHERE rolname = current_user');
    if (!rows[0].can) return;
    role = `zaytoon_scale_seed_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER PASSWORD '${password}'`);
    await admin.query(`GRANT SELECT, INSERT, DELETE ON businesses, search_words TO ${role}`);
    // Ids are reserved up front, so they follow the generation order.
    await admin.query(`GRANT USAGE ON SEQUENCE businesses_id_seq TO ${role}`);
    // The seeded verifications: the businesses seeded as verified get their standing one.
    await admin.query(`GRANT UPDATE ON businesses TO ${role}`);
    await admin.query(`GRANT INSERT ON verifications TO ${role}`);
    // Each business's sources go in with it.
    await admin.query(`GRANT INSERT ON business_sources TO ${role}`);
    const url = new URL(databaseUrlFor(baseUrl, db.name));
    url.username = role;
    url.password = password;
    pool = createPool(url.toString(), 1);
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await admin?.end();
    await db?.drop();
    if (role) {
      const server = createPool(baseUrl, 1);
      await server.query(`DROP ROLE IF EXISTS ${role}`).finally(() => server.end());
    }
  }, 60_000);

  it('fills search_words through the trigger', async (context) => {
    if (!pool) return context.skip();
    const messages: string[] = [];
    const result = await seedScaleBusinesses(pool, 300, { seed: 7, log: (message) => messages.push(message) });
    expect(result.inserted).toBe(300);
    expect(messages).toContain('1 connection(s), a transaction per batch of 5,000; every trigger fires');
    expect(await wordsMissingFromDictionary(admin)).toEqual([]);
    expect((await admin.query('SELECT count(*)::int AS n FROM search_words')).rows[0].n).toBeGreaterThan(300);
  }, 60_000);
});
