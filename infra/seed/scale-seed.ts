import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { openMinutesMultirange, sourcesText } from '@zaytoon/contract';
import { outcodeOf, outcodeTable, setRevisionContext } from '@zaytoon/core';
import { businessName, fill, hoursFor, phoneFor, postcodeIn, slugify, socialFor } from './demo-data';
import { Prng } from './prng';
import { SEEDED_VERIFICATION_NOTE, seededVerification } from './seeded-verifications';
import {
  ADDRESS_UNITS,
  CATEGORY_KINDS,
  CATEGORY_WEIGHTS,
  DEMO_CATEGORIES,
  DEMO_CITIES,
  DESCRIPTION_EXTRAS,
  FOOD_CATEGORIES,
  FOOD_EXTRAS,
  NAME_PREFIXES,
  OWNER_FIRST_NAMES,
  PROOF_OF_SUPPORT,
  SCALE_DESCRIPTION_EXTRAS,
  SCALE_NAME_WORDS,
  STREET_NAMES,
  type DemoCategory,
} from './word-lists';

/**
 * The national-scale seed (`npm run seed -- --businesses 100000`): adds `count` fictional businesses spread over
 * every real UK postcode district in geo/uk-outcodes.csv, weighted towards the big cities. Each business sits at
 * its district's centre (businesses of one district share that exact point); about 6.5% have no coordinates.
 * Adds rows every time it runs (it is not idempotent); without `seed` it picks a random one and logs it. The same
 * seed gives the same rows in the same id order.
 *
 * Rows go in with plain INSERT ... SELECT FROM unnest(arrays), a batch of 5,000 per statement, with each business's
 * sources, its standing verification and its parsed opening hours in the same statement. Every trigger on
 * businesses fires as it does for the API's writes (the typo-tolerance dictionary, history, and any rollup a
 * trigger keeps), so the seeded directory is what writes through the app would have made; nothing is dropped or
 * rebuilt afterwards but VACUUM ANALYZE. Two connections insert at once, each batch its own transaction (ids
 * reserved up front, so they follow the generation order): two long transactions would wait on each other's new
 * dictionary words. A batch that deadlocks on those words is tried again; a failure deletes every row added.
 */
export async function seedScaleBusinesses(
  pool: pg.Pool,
  count: number,
  options: { seed?: number; log?: (message: string) => void } = {},
): Promise<{ inserted: number; durationMs: number }> {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`seedScaleBusinesses: count must be a whole number >= 0, got ${count}`);
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) {
    throw new Error(`seedScaleBusinesses: seed must be a whole number, got ${options.seed}`);
  }
  const log = options.log ?? (() => {});
  const started = performance.now();
  const seed = options.seed ?? randomInt(0, 2 ** 31);
  const rng = new Prng(seed);
  const districts = scaleDistricts();
  const now = Date.now();
  log(`adding ${count.toLocaleString('en-GB')} businesses over ${districts.entries.length} postcode districts (seed ${seed})`);

  const ids = (
    await withoutStatementTimeout(pool, (client) =>
      client.query<{ id: number }>(
        "SELECT nextval(pg_get_serial_sequence('businesses', 'id'))::int AS id FROM generate_series(1, $1::int) ORDER BY 1",
        [count],
      ),
    )
  ).rows.map((row) => row.id);
  const workers = Math.max(1, Math.min(PARALLEL_WORKERS, pool.options.max ?? PARALLEL_WORKERS));
  log(`${workers} connection(s), a transaction per batch of ${BATCH_SIZE.toLocaleString('en-GB')}; every trigger fires`);

  let inserted = 0;
  let nextStart = 0;
  let failed = false;
  let lastLogged = 0;
  /** The next batch's parameters, generated in order whichever connection asks. */
  const take = (): { params: unknown[]; size: number } | null => {
    if (failed || nextStart >= count) return null;
    const size = Math.min(BATCH_SIZE, count - nextStart);
    const params = [...generateBatch(rng, districts, size, now), PROOF_LIST, ids.slice(nextStart, nextStart + size)];
    nextStart += size;
    return { params, size };
  };
  const work = async () => {
    const client = await pool.connect();
    // A checked-out client with no 'error' listener takes the process down when the server goes away (Ctrl-C
    // stopping Postgres); the failed query rejects anyway, which is what reports it.
    const ignoreError = () => {};
    client.on('error', ignoreError);
    try {
      let batch = take();
      while (batch) {
        // Each connection holds one batch ready while Postgres inserts the one before.
        const pending = insertBatch(client, batch.params);
        pending.catch(() => {}); // awaited below; this only keeps a failure from going unhandled if take() throws
        const following = take();
        await pending;
        inserted += batch.size;
        if (inserted - lastLogged >= LOG_EVERY && inserted < count) {
          log(`${inserted.toLocaleString('en-GB')} inserted (${elapsed(started)})`);
          lastLogged = inserted;
        }
        batch = following;
      }
    } finally {
      client.off('error', ignoreError);
      client.release();
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: workers }, () =>
      work().catch((error) => {
        failed = true;
        throw error;
      }),
    ),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await withoutStatementTimeout(pool, (client) => client.query('DELETE FROM businesses WHERE id = ANY($1::int[])', [ids])).catch(() => {});
    throw (failure as PromiseRejectedResult).reason;
  }
  log(`${inserted.toLocaleString('en-GB')} businesses inserted and committed (${elapsed(started)})`);
  // VACUUM sets the visibility map, so the directory's covering index answers without reading rows.
  await withoutStatementTimeout(pool, async (client) => {
    await client.query('VACUUM (ANALYZE) businesses');
    await client.query('ANALYZE search_words');
  });
  const durationMs = Math.round(performance.now() - started);
  log(`VACUUM ANALYZE done; ${inserted.toLocaleString('en-GB')} businesses in ${(durationMs / 1000).toFixed(1)} s`);
  return { inserted, durationMs };
}

/** One batch in its own transaction; again when it deadlocked with the other connection's batch (new dictionary words). */
async function insertBatch(client: pg.PoolClient, params: unknown[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await beginSeedTransaction(client);
      await client.query(INSERT_SQL, params);
      await client.query('COMMIT');
      return;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= 5) throw error;
    }
  }
}

/** Runs `use` on one connection without the database's statement timeout, which is the API's: batch work outlasts it. */
async function withoutStatementTimeout<T>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    return await use(client);
  } finally {
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
}

const DEADLOCK_DETECTED = '40P01';
const PARALLEL_WORKERS = 2;
async function beginSeedTransaction(client: pg.PoolClient): Promise<void> {
  await client.query('BEGIN');
  await setRevisionContext(client, { kind: 'seed', actorId: null });
  // Dev data: a crash may lose the seed, never corrupt anything; bigger GIN pending lists merge fewer times. A batch
  // outlasts the database's statement timeout, which is the API's.
  await client.query(
    "SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '64MB'; SET LOCAL gin_pending_list_limit = '32MB'; SET LOCAL statement_timeout = 0",
  );
}

const BATCH_SIZE = 5_000;
const LOG_EVERY = 20_000;
/** Share of businesses without coordinates (the "Businesses Not on Map" box). */
const UNMAPPED_SHARE = 0.065;
const VERIFIED_SHARE = 0.3;
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 548;

const COLUMNS = [
  ['name', 'text'],
  ['address', 'text'],
  ['city', 'text'],
  ['postcode', 'text'],
  ['category', 'text'],
  ['description', 'text'],
  ['phone', 'text'],
  ['website', 'text'],
  ['proof_of_support', 'text'],
  ['business_hours', 'text'],
  ['social_media', 'text'],
  ['latitude', 'float8'],
  ['longitude', 'float8'],
  ['upvotes', 'int4'],
  ['downvotes', 'int4'],
  ['verified', 'bool'],
  ['verified_days_ago', 'int4'],
  ['verification_method', 'text'],
  ['open_minutes', 'text'],
  ['created_at', 'text'],
] as const;

/**
 * Each business's sources go in with it: the kinds and descriptions ($1 of SOURCES_SQL, the demo list) found in
 * its proof_of_support text, in the text's order, dated the day it was listed.
 */
const sourcesOf = (inserted: string, parameter: number) => `sourced AS (
    INSERT INTO business_sources (business_id, kind, description, source_date, created_at)
    SELECT i.id, p.kind, p.description, i.created_at::date, i.created_at
      FROM ${inserted} i JOIN jsonb_to_recordset($${parameter}::jsonb) AS p(kind text, description text)
        ON strpos(i.proof_of_support, p.description) > 0
     ORDER BY i.id, strpos(i.proof_of_support, p.description))`;
const PROOF_LIST = JSON.stringify(PROOF_OF_SUPPORT);

const INSERT_SQL = `WITH inserted AS (
    INSERT INTO businesses (id, name, address, city, postcode, category, description, phone, website, proof_of_support,
                            business_hours, social_media, latitude, longitude, upvotes, downvotes, verified,
                            verified_on, verification_method, open_minutes, created_at, updated_at, open_minutes_of)
      OVERRIDING SYSTEM VALUE
    SELECT id, name, address, city, postcode, category, description, phone, website, proof_of_support,
           business_hours::jsonb, social_media::jsonb, latitude, longitude, upvotes, downvotes, verified,
           current_date - verified_days_ago, verification_method, open_minutes::int4multirange,
           created_at::timestamptz, created_at::timestamptz, business_hours::jsonb
      FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')}, $${COLUMNS.length + 2}::int4[])
        AS t(${COLUMNS.map(([name]) => name).join(', ')}, id)
    RETURNING id, proof_of_support, created_at, verified_on, verification_method),
  ${sourcesOf('inserted', COLUMNS.length + 1)},
  verified AS (
    INSERT INTO verifications (business_id, action, method, note, verified_on)
    SELECT id, 'verified', verification_method, '${SEEDED_VERIFICATION_NOTE}', verified_on FROM inserted WHERE verified_on IS NOT NULL)
  SELECT 1`;

interface ScaleDistrict {
  outcode: string;
  city: string;
  latitude: number;
  longitude: number;
  /** Ofcom drama-range prefix of the area's city (from DEMO_CITIES), or null for the national range. */
  phonePrefix: string | null;
}

interface DistrictTable {
  entries: ScaleDistrict[];
  /** Running totals of the district weights, for a binary-search weighted pick. */
  cumulative: Float64Array;
}

/** London's postcode areas and the areas of the big cities: more businesses per district there. */
const LONDON_AREAS = new Set(['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);
const CITY_AREAS = new Set(['M', 'B', 'L', 'LS', 'G', 'EH', 'BS', 'S', 'NE', 'NG', 'LE', 'BD', 'CF', 'CV', 'WV', 'SR']);
/** Counties / towns (CSV hints) that are cities in their own right outside those areas. */
const CITY_NAMES = new Set([
  'belfast',
  'aberdeen city',
  'dundee city',
  'southampton',
  'portsmouth',
  'york',
  'brighton and hove',
  'reading',
  'luton',
  'derby',
  'plymouth',
  'city of kingston-upon-hull',
  'stoke-on-trent',
  'swansea',
  'oxford',
  'cambridge',
  'norwich',
  'exeter',
  'salford',
  'kirklees',
  'wakefield',
  'sandwell',
  'solihull',
  'bristol',
  'preston',
]);

function areaOf(outcode: string): string {
  return outcode.replace(/[0-9].*$/, '');
}

function districtWeight(area: string, town: string, county: string): number {
  if (LONDON_AREAS.has(area)) return 5;
  if (CITY_AREAS.has(area)) return 3;
  if (CITY_NAMES.has(county.toLowerCase()) || CITY_NAMES.has(town.toLowerCase())) return 2;
  return 1;
}

/**
 * The district's town, else its county, else its country: never blank. "Douglas, Braddan" gives "Douglas".
 * The CSV's towns are hints: one with a digit is a street or a road number ("9 Arcadia Close", "A863"), not a town.
 */
export function cityOf(town: string, county: string, country: string): string {
  const first = (value: string) => {
    const name = value.split(',')[0].trim();
    return /\d/.test(name) ? '' : name;
  };
  return first(town) || first(county) || first(country) || 'United Kingdom';
}

let districtTable: DistrictTable | null = null;

function scaleDistricts(): DistrictTable {
  if (districtTable) return districtTable;
  const prefixByArea = new Map<string, string>();
  for (const city of DEMO_CITIES) {
    if (!city.phonePrefix) continue;
    for (const district of city.districts) prefixByArea.set(areaOf(district), city.phonePrefix);
  }
  const entries: ScaleDistrict[] = [];
  const weights: number[] = [];
  // Sorted so the table (and with it every seeded row) does not depend on the CSV's row order.
  const infos = [...outcodeTable().values()].sort((a, b) => (a.outcode < b.outcode ? -1 : a.outcode > b.outcode ? 1 : 0));
  for (const info of infos) {
    // Only districts a generated postcode maps back to (all of them today).
    if (outcodeOf(`${info.outcode} 1AA`) !== info.outcode) continue;
    const area = areaOf(info.outcode);
    entries.push({
      outcode: info.outcode,
      city: cityOf(info.town, info.county, info.country),
      latitude: info.latitude,
      longitude: info.longitude,
      phonePrefix: prefixByArea.get(area) ?? null,
    });
    weights.push(districtWeight(area, info.town, info.county));
  }
  if (entries.length === 0) throw new Error('seedScaleBusinesses: no postcode districts in geo/uk-outcodes.csv');
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => (cumulative[index] = total += weight));
  districtTable = { entries, cumulative };
  return districtTable;
}

function pickDistrict(rng: Prng, table: DistrictTable): ScaleDistrict {
  const { cumulative } = table;
  const roll = rng.next() * cumulative[cumulative.length - 1];
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (cumulative[mid] > roll) high = mid;
    else low = mid + 1;
  }
  return table.entries[low];
}

/** The demo data's category mix, with fewer bakeries so a search for "bakery" finds about 5% of the rows. */
const SCALE_CATEGORY_WEIGHTS: Record<DemoCategory, number> = { ...CATEGORY_WEIGHTS, Bakery: 5 };
const CATEGORY_ENTRIES = DEMO_CATEGORIES.map((category) => [category, SCALE_CATEGORY_WEIGHTS[category]] as const);

function scaleName(rng: Prng, category: DemoCategory, kind: number, city: string): string {
  const suffix = rng.pick(CATEGORY_KINDS[category][kind].suffixes);
  const pattern = rng.weighted([
    ['demo', 50],
    ['word', 25],
    ['town', 10],
    ['mixed', 10],
    ['person', 5],
  ] as const);
  switch (pattern) {
    case 'demo':
      return businessName(rng, category, kind);
    case 'word':
      return `${rng.pick(SCALE_NAME_WORDS)} ${suffix}`;
    case 'town':
      return `${city} ${suffix}`;
    case 'mixed':
      return `${rng.pick(NAME_PREFIXES)} & ${rng.pick(SCALE_NAME_WORDS)} ${suffix}`;
    case 'person':
      return `${rng.pick(OWNER_FIRST_NAMES)} ${rng.pick(['and Sons', 'and Daughters', '& Co.', 'Family'])} ${suffix}`;
  }
}

function scaleDescription(rng: Prng, category: DemoCategory, kind: number, city: string): string {
  if (rng.chance(0.02)) return '';
  const values = { city, year: String(rng.int(1990, 2023)) };
  const sentences = [fill(rng.pick(CATEGORY_KINDS[category][kind].openers), values)];
  // Two sentences on average: every trigram of a description is an entry in the search_text GIN index.
  if (rng.chance(0.75)) sentences.push(rng.pick(SCALE_DESCRIPTION_EXTRAS[category]));
  if (rng.chance(0.35)) {
    const general = FOOD_CATEGORIES.includes(category) ? [...FOOD_EXTRAS, ...DESCRIPTION_EXTRAS] : DESCRIPTION_EXTRAS;
    sentences.push(fill(rng.pick(general), values));
  }
  return sentences.join(' ');
}

/** Vote totals: most listings have a handful, a few are popular, some are disliked. */
function votes(rng: Prng): [number, number] {
  const activity = Math.floor(rng.next() ** 3 * 120);
  const upRate = rng.chance(0.08) ? rng.float(0.1, 0.5) : rng.float(0.65, 1);
  const up = Math.round(activity * upRate);
  return [up, activity - up];
}

/** One batch as column arrays, in COLUMNS order (what unnest takes). */
function generateBatch(rng: Prng, districts: DistrictTable, size: number, now: number): unknown[][] {
  const columns: unknown[][] = COLUMNS.map(() => new Array(size));
  for (let i = 0; i < size; i++) {
    const district = pickDistrict(rng, districts);
    const category = rng.weighted(CATEGORY_ENTRIES);
    const kind = rng.int(0, CATEGORY_KINDS[category].length - 1);
    const name = scaleName(rng, category, kind, district.city);
    const number = rng.chance(0.1) ? `${rng.int(1, 60)}${rng.pick(['a', 'b'])}` : String(rng.int(1, 300));
    const street = `${number} ${rng.pick(STREET_NAMES)}`;
    const mapped = !rng.chance(UNMAPPED_SHARE);
    const [upvotes, downvotes] = votes(rng);
    const slug = slugify(name).slice(0, 50);
    const createdAt = new Date(now - rng.next() * HISTORY_DAYS * DAY_MS).toISOString();
    const sources = rng.sample(PROOF_OF_SUPPORT, rng.chance(0.3) ? 2 : 1).map((proof) => ({ ...proof, date: createdAt.slice(0, 10) }));
    const hours = hoursFor(rng, category);
    const verification = rng.chance(VERIFIED_SHARE) ? seededVerification(rng.int(0, 2 ** 30)) : null;
    const row = [
      name,
      rng.chance(0.15) ? `${rng.pick(ADDRESS_UNITS)}, ${street}` : street,
      district.city,
      postcodeIn(rng, district.outcode),
      category,
      scaleDescription(rng, category, kind, district.city),
      rng.chance(0.1) ? '' : phoneFor(rng, district.phonePrefix),
      rng.chance(0.25) ? '' : `https://${rng.chance(0.5) ? 'www.' : ''}${slug}-${rng.int(1, 999)}.example`,
      sourcesText(sources),
      JSON.stringify(hours),
      JSON.stringify(rng.chance(0.2) ? {} : socialFor(rng, name)),
      mapped ? district.latitude : null,
      mapped ? district.longitude : null,
      upvotes,
      downvotes,
      verification !== null,
      verification?.daysAgo ?? null,
      verification?.method ?? null,
      openMinutesMultirange(hours),
      createdAt,
    ];
    for (let c = 0; c < row.length; c++) columns[c][i] = row[c];
  }
  return columns;
}

function elapsed(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
