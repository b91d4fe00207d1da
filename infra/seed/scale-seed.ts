import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { sourcesText } from '@zaytoon/contract';
import { BusinessesRepository, inTransaction, outcodeOf, outcodeTable, setRevisionContext } from '@zaytoon/core';
import { businessName, fill, hoursFor, phoneFor, postcodeIn, slugify, socialFor } from './demo-data';
import { Prng } from './prng';
import { verifySeededBusinesses } from './seeded-verifications';
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
 * Rows go in with one INSERT ... SELECT FROM unnest(arrays) per batch of 5,000, using up to two of the pool's
 * connections. The typo-tolerance dictionary (search_words) gets every new word:
 * - as a superuser (`npm start`'s embedded Postgres): the per-row businesses_collect_search_words trigger is
 *   skipped for these transactions only (session_replication_role = replica; other sessions keep it), each
 *   batch returns its distinct words, and one insert adds them all at the end. Two connections insert at once
 *   (ids reserved up front, so they follow the generation order); both commit together at the end, so a
 *   failure before the commits leaves nothing behind. The trigger alone is about a fifth of the time.
 * - otherwise: one connection, one transaction, and the trigger does it.
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

  const clients: pg.PoolClient[] = [];
  // A checked-out client with no 'error' listener takes the process down when the server goes away (Ctrl-C
  // stopping Postgres); the failed query rejects anyway, which is what reports it.
  const ignoreError = () => {};
  const connect = async () => {
    const client = await pool.connect();
    client.on('error', ignoreError);
    clients.push(client);
    await beginSeedTransaction(client);
    return client;
  };
  let inserted = 0;
  let triggersSkipped = false;
  try {
    await connect();
    const superuser = await isSuperuser(clients[0]);
    triggersSkipped = superuser;
    const workers = superuser ? Math.max(1, Math.min(PARALLEL_WORKERS, pool.options.max ?? PARALLEL_WORKERS)) : 1;
    while (clients.length < workers) await connect();
    if (superuser) for (const client of clients) await client.query('SET LOCAL session_replication_role = replica');
    log(
      superuser
        ? `${workers} connection(s); search words collected per batch and added at the end (trigger skipped)`
        : '1 connection; search words added by the per-row trigger',
    );

    // Ids reserved up front (parallel path only: it needs the sequence, a superuser has it) follow generation order.
    const ids: number[] | null = superuser
      ? (
          await clients[0].query<{ id: number }>(
            "SELECT nextval(pg_get_serial_sequence('businesses', 'id'))::int AS id FROM generate_series(1, $1::int) ORDER BY 1",
            [count],
          )
        ).rows.map((row) => row.id)
      : null;
    const words = new Set<string>();

    let nextStart = 0;
    let failed = false;
    let lastLogged = 0;
    /** The next batch's parameters, generated in order whichever connection asks. */
    const take = (): { params: unknown[]; size: number } | null => {
      if (failed || nextStart >= count) return null;
      const size = Math.min(BATCH_SIZE, count - nextStart);
      const params: unknown[] = [...generateBatch(rng, districts, size, now), PROOF_LIST];
      if (ids) params.push(ids.slice(nextStart, nextStart + size));
      nextStart += size;
      return { params, size };
    };
    const work = async (client: pg.PoolClient) => {
      // Each connection holds one batch ready while Postgres inserts the one before.
      let batch = take();
      while (batch) {
        const pending = client.query<{ word: string }>(ids ? INSERT_RETURNING_WORDS_SQL : INSERT_SQL, batch.params);
        pending.catch(() => {}); // awaited below; this only keeps a failure from going unhandled if take() throws
        const following = take();
        const result = await pending;
        if (ids) for (const row of result.rows) words.add(row.word);
        inserted += batch.size;
        if (inserted - lastLogged >= LOG_EVERY && inserted < count) {
          log(`${inserted.toLocaleString('en-GB')} inserted (${elapsed(started)})`);
          lastLogged = inserted;
        }
        batch = following;
      }
    };
    const outcomes = await Promise.allSettled(
      clients.map((client) =>
        work(client).catch((error) => {
          failed = true;
          throw error;
        }),
      ),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;

    if (words.size > 0) {
      await clients[0].query('INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [[...words].sort()]);
      log(`${words.size.toLocaleString('en-GB')} distinct words in the dictionary (${elapsed(started)})`);
    }
    // The first connection holds the dictionary words: it commits last, after every other has committed.
    for (const client of [...clients.slice(1), clients[0]]) await client.query('COMMIT');
  } catch (error) {
    for (const client of clients) await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    for (const client of clients) {
      client.off('error', ignoreError);
      client.release();
    }
  }
  log(`${inserted.toLocaleString('en-GB')} businesses inserted and committed (${elapsed(started)})`);
  if (triggersSkipped) {
    // The map's rollup triggers were skipped with the dictionary's (session_replication_role = replica).
    await pool.query('SELECT map_cells_rebuild()');
    log(`map cells rebuilt (${elapsed(started)})`);
  }
  await inTransaction(pool, (client) => verifySeededBusinesses(client));
  const parsed = await new BusinessesRepository(pool).parsePendingHours(10_000);
  log(`opening hours parsed for ${parsed.toLocaleString('en-GB')} businesses (${elapsed(started)})`);
  // VACUUM sets the visibility map, so the directory's covering index answers without reading rows.
  await pool.query('VACUUM (ANALYZE) businesses');
  await pool.query('ANALYZE search_words');
  const durationMs = Math.round(performance.now() - started);
  log(`VACUUM ANALYZE done; ${inserted.toLocaleString('en-GB')} businesses in ${(durationMs / 1000).toFixed(1)} s`);
  return { inserted, durationMs };
}

async function beginSeedTransaction(client: pg.PoolClient): Promise<void> {
  await client.query('BEGIN');
  await setRevisionContext(client, { kind: 'seed', actorId: null });
  // Dev data: a crash may lose the seed, never corrupt anything; bigger GIN pending lists merge fewer times.
  await client.query("SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '64MB'; SET LOCAL gin_pending_list_limit = '32MB'");
}

/** Only a superuser may set session_replication_role (checked first, so no error reaches the server log). */
async function isSuperuser(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ superuser: boolean }>('SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user');
  return rows[0]?.superuser === true;
}

const PARALLEL_WORKERS = 2;
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
    INSERT INTO businesses (${COLUMNS.map(([name]) => name).join(', ')}, updated_at)
    SELECT name, address, city, postcode, category, description, phone, website, proof_of_support,
           business_hours::jsonb, social_media::jsonb, latitude, longitude, upvotes, downvotes, verified,
           created_at::timestamptz, created_at::timestamptz
      FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
        AS t(${COLUMNS.map(([name]) => name).join(', ')})
    RETURNING id, proof_of_support, created_at),
  ${sourcesOf('inserted', COLUMNS.length + 1)}
  SELECT NULL AS word WHERE false`;

/** The parallel path: reserved ids, and the batch's distinct search words back (what the skipped trigger adds). */
const INSERT_RETURNING_WORDS_SQL = `WITH inserted AS (
    INSERT INTO businesses (id, ${COLUMNS.map(([name]) => name).join(', ')}, updated_at) OVERRIDING SYSTEM VALUE
    SELECT id, name, address, city, postcode, category, description, phone, website, proof_of_support,
           business_hours::jsonb, social_media::jsonb, latitude, longitude, upvotes, downvotes, verified,
           created_at::timestamptz, created_at::timestamptz
      FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')}, $${COLUMNS.length + 2}::int4[])
        AS t(${COLUMNS.map(([name]) => name).join(', ')}, id)
    RETURNING id, proof_of_support, created_at, search_vector),
  ${sourcesOf('inserted', COLUMNS.length + 1)}
  SELECT DISTINCT word FROM inserted, unnest(tsvector_to_array(inserted.search_vector)) AS word`;

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
      JSON.stringify(hoursFor(rng, category)),
      JSON.stringify(rng.chance(0.2) ? {} : socialFor(rng, name)),
      mapped ? district.latitude : null,
      mapped ? district.longitude : null,
      upvotes,
      downvotes,
      rng.chance(VERIFIED_SHARE),
      createdAt,
    ];
    for (let c = 0; c < row.length; c++) columns[c][i] = row[c];
  }
  return columns;
}

function elapsed(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
