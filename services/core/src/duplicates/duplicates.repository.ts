import { DUPLICATE_RULES, type DuplicateCandidate, type DuplicatePair, type LocationPrecision } from '@zaytoon/contract';
import { areaOnly } from '../businesses/business.mapper';
import type { Queryable } from '../db/pool';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';

/** Where the typed postcode is: its compact form ('E11AA') and its district centre, when known. */
export interface TypedPlace {
  compactPostcode: string;
  latitude: number | null;
  longitude: number | null;
}

export interface FoundPair {
  first_id: number;
  second_id: number;
  score: number;
  distance_m: number | null;
}

const METERS_PER_DEGREE = 111_320;
const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const PAIR_BUSINESS = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'address', ${alias}.address, 'city', ${alias}.city, 'postcode', ${alias}.postcode)`;
/**
 * Open pairs whose businesses both still exist (a pair has no foreign keys: see the migration) and are listed: one
 * whose removal is approved cannot be merged, so its pairs wait for the cascade to prune them.
 */
const OPEN_PAIRS = `duplicate_pairs p JOIN businesses f ON f.id = p.first_id JOIN businesses s ON s.id = p.second_id
  WHERE p.status = 'open' AND NOT f.removal_approved AND NOT s.removal_approved`;
const EITHER_NAME_HOLDS = (placeholder: string) => `(${nameHoldsSql('f', placeholder)} OR ${nameHoldsSql('s', placeholder)})`;

/** The postcode as the index on it reads it: no spaces, upper case. */
export const compactPostcode = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();
const COMPACT_POSTCODE = (alias: string) => `upper(replace(${alias}.postcode, ' ', ''))`;

/** Metres between two points (haversine on a sphere of the Earth's mean radius), as SQL. */
const distanceSql = (lat1: string, lng1: string, lat2: string, lng2: string) =>
  `(12742000 * asin(sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
     + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2))))`;

/**
 * The candidates of one place and name, as a subquery over `b`: the businesses in a box around the point (the
 * position index) or in the same postcode (the compact-postcode index), then kept when the names are similar or
 * one contains the other and the business is within the radius or in the postcode. `name`, `postcode`, `lat`,
 * `lng` are SQL expressions (parameters, or a row's columns in the nightly job); `extra` narrows further.
 */
function candidatesSql(place: { name: string; postcode: string; lat: string; lng: string }, extra: string, limit: string): string {
  const { name, postcode, lat, lng } = place;
  const latSpan = `(${DUPLICATE_RULES.radiusMeters}::float8 / ${METERS_PER_DEGREE})`;
  const lngSpan = `(${DUPLICATE_RULES.radiusMeters}::float8 / (${METERS_PER_DEGREE} * cos(radians(${lat}))))`;
  const distance = distanceSql(lat, lng, 'b.latitude', 'b.longitude');
  // An 'area' business is found by its district's point alone: a typed postcode never confirms its street.
  const samePostcode = `(${COMPACT_POSTCODE('b')} = ${postcode} AND b.location_precision = 'exact')`;
  return `
    SELECT b.id, b.name, b.address, b.postcode, b.location_precision, ${samePostcode} AS same_postcode,
           CASE WHEN ${lat} IS NULL OR b.latitude IS NULL THEN NULL ELSE round(${distance})::int END AS distance_m,
           similarity(lower(b.name), ${name}) AS score
      FROM businesses b
     WHERE b.id IN (
             SELECT n.id FROM businesses n
              WHERE ${lat} IS NOT NULL AND n.latitude IS NOT NULL
                AND n.latitude BETWEEN ${lat} - ${latSpan} AND ${lat} + ${latSpan}
                AND n.longitude BETWEEN ${lng} - ${lngSpan} AND ${lng} + ${lngSpan}
             UNION
             SELECT p.id FROM businesses p WHERE ${COMPACT_POSTCODE('p')} = ${postcode})
       AND (similarity(lower(b.name), ${name}) >= ${DUPLICATE_RULES.nameSimilarity}
            OR strpos(lower(b.name), ${name}) > 0 OR strpos(${name}, lower(b.name)) > 0)
       AND (${samePostcode} OR (${lat} IS NOT NULL AND b.latitude IS NOT NULL AND ${distance} <= ${DUPLICATE_RULES.radiusMeters}))
       ${extra}
     ORDER BY score DESC, same_postcode DESC, distance_m ASC NULLS LAST, b.id
     LIMIT ${limit}`;
}

const CANDIDATES_OF_TYPED = candidatesSql({ name: '$1::text', postcode: '$2::text', lat: '$3::float8', lng: '$4::float8' }, '', '$5');

/** Likely duplicates: the add form's check, the pairs it records, and the nightly job's search. */
export class DuplicatesRepository {
  constructor(private readonly db: Queryable) {}

  /** The likeliest listed businesses that the one being typed may duplicate (a named statement: planned once per connection). */
  async candidates(name: string, place: TypedPlace, limit: number): Promise<DuplicateCandidate[]> {
    const { rows } = await this.db.query<DuplicateCandidate & { score: number; location_precision: LocationPrecision }>({
      name: 'duplicate-candidates',
      text: CANDIDATES_OF_TYPED,
      values: [name.toLowerCase(), place.compactPostcode, place.latitude, place.longitude, limit],
    });
    return rows.map(({ id, name, address, postcode, distance_m, same_postcode, location_precision }) => {
      const shown = location_precision === 'area' ? areaOnly({ address, postcode }) : { address, postcode };
      return { id, name, ...shown, distance_m, same_postcode };
    });
  }

  /**
   * Of the ids a client says the form showed, those the check really warns about for this name and place: a planted
   * pair would reach the admins as 'added despite the warning'. Read before the new business exists (it would match itself).
   */
  async warnedAmong(ids: readonly number[], name: string, place: TypedPlace): Promise<number[]> {
    const warned = new Set((await this.candidates(name, place, DUPLICATE_RULES.maxCandidates)).map((candidate) => candidate.id));
    return ids.filter((id) => warned.has(id));
  }

  /**
   * Records that `businessId` was added while the form showed `candidateIds`: each an open pair 'added despite the
   * warning', scored like the check (ids that name no business are skipped). Distances are from the typed place.
   */
  async recordAddedDespiteWarning(businessId: number, candidateIds: readonly number[], place: TypedPlace): Promise<void> {
    await this.db.query(
      `INSERT INTO duplicate_pairs (first_id, second_id, score, distance_m, added_despite_warning)
       SELECT least(a.id, c.id), greatest(a.id, c.id), similarity(lower(a.name), lower(c.name)),
              CASE WHEN $3::float8 IS NULL OR c.latitude IS NULL THEN NULL
                   ELSE round(${distanceSql('$3::float8', '$4::float8', 'c.latitude', 'c.longitude')})::int END,
              true
         FROM businesses a JOIN businesses c ON c.id = ANY($2::int[]) AND c.id <> a.id
        WHERE a.id = $1
       ON CONFLICT (first_id, second_id) DO UPDATE SET added_despite_warning = true`,
      [businessId, candidateIds, place.latitude, place.longitude],
    );
  }

  /** The next `limit` business ids after `afterId` with the likely pairs each makes with a later business. */
  async findPairsAfter(afterId: number, limit: number): Promise<{ lastId: number | null; scanned: number; pairs: FoundPair[] }> {
    const { rows } = await this.db.query<FoundPair & { a_id: number }>(
      `WITH batch AS (SELECT id, name, postcode, latitude, longitude FROM businesses WHERE id > $1 ORDER BY id LIMIT $2)
       SELECT a.id AS a_id, c.id AS second_id, a.id AS first_id, c.score, c.distance_m
         FROM batch a
         LEFT JOIN LATERAL (${candidatesSql(
           { name: 'lower(a.name)', postcode: COMPACT_POSTCODE('a'), lat: 'a.latitude', lng: 'a.longitude' },
           'AND b.id > a.id',
           String(DUPLICATE_RULES.maxCandidates),
         )}) c ON true
        ORDER BY a.id`,
      [afterId, limit],
    );
    return {
      lastId: rows.at(-1)?.a_id ?? null,
      scanned: new Set(rows.map((row) => row.a_id)).size,
      pairs: rows
        .filter((row) => row.second_id != null)
        .map(({ first_id, second_id, score, distance_m }) => ({ first_id, second_id, score, distance_m })),
    };
  }

  /** Stores found pairs: new ones open; an open one gets its new score; a dismissed or merged one stays decided. */
  async upsertPairs(pairs: readonly FoundPair[]): Promise<void> {
    if (pairs.length === 0) return;
    await this.db.query(
      `INSERT INTO duplicate_pairs (first_id, second_id, score, distance_m)
       SELECT * FROM unnest($1::int[], $2::int[], $3::real[], $4::int[])
       ON CONFLICT (first_id, second_id) DO UPDATE SET score = EXCLUDED.score, distance_m = EXCLUDED.distance_m, found_at = now()
        WHERE duplicate_pairs.status = 'open'`,
      [
        pairs.map((pair) => pair.first_id),
        pairs.map((pair) => pair.second_id),
        pairs.map((pair) => pair.score),
        pairs.map((pair) => pair.distance_m),
      ],
    );
  }

  /** Open pairs after the pair `afterId`, oldest first (the admins' 'Possible duplicates'). */
  /** Open pairs after `afterId`, oldest first, either of whose names holds `search` when given. */
  async openPairs(afterId: number, limit: number, search?: string): Promise<DuplicatePair[]> {
    const { rows } = await this.db.query<DuplicatePair>(
      `SELECT p.id, ${PAIR_BUSINESS('f')} AS first, ${PAIR_BUSINESS('s')} AS second, round(p.score::numeric, 2)::float8 AS score,
              p.distance_m, p.added_despite_warning, to_char(p.found_at AT TIME ZONE 'UTC', ${ISO_TIME}) AS found_at
         FROM ${OPEN_PAIRS} AND p.id > $1 AND ${EITHER_NAME_HOLDS('$3')}
        ORDER BY p.id LIMIT $2`,
      [afterId, limit, nameSearchParam(search)],
    );
    return rows;
  }

  async countOpen(search?: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${OPEN_PAIRS} AND ${EITHER_NAME_HOLDS('$1')}`, [
      nameSearchParam(search),
    ]);
    return rows[0].count;
  }

  /** Decides an open pair ('dismissed' or 'merged'); false when there is no such open pair. */
  async decide(pairId: number, status: 'dismissed' | 'merged', adminId: number): Promise<{ first_id: number; second_id: number } | null> {
    const { rows } = await this.db.query<{ first_id: number; second_id: number }>(
      `UPDATE duplicate_pairs SET status = $2, decided_by = (SELECT id FROM users WHERE id = $3), decided_at = now()
        WHERE id = $1 AND status = 'open' RETURNING first_id, second_id`,
      [pairId, status, adminId],
    );
    return rows[0] ?? null;
  }

  /** The pair of two businesses, merged: kept as the record of the decision (recorded merged when it was never proposed). */
  async recordMerged(a: number, b: number, adminId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO duplicate_pairs (first_id, second_id, score, status, decided_by, decided_at)
       SELECT least($1::int, $2::int), greatest($1::int, $2::int), 0, 'merged', (SELECT id FROM users WHERE id = $3), now()
       ON CONFLICT (first_id, second_id) DO UPDATE SET status = 'merged', decided_by = EXCLUDED.decided_by, decided_at = now()`,
      [a, b, adminId],
    );
  }

  /** Open pairs one of whose businesses is gone (deleted, or merged into a third); the number removed. */
  async pruneOpen(): Promise<number> {
    const { rowCount } = await this.db.query(
      `DELETE FROM duplicate_pairs p WHERE p.status = 'open'
          AND (NOT EXISTS (SELECT 1 FROM businesses b WHERE b.id = p.first_id) OR NOT EXISTS (SELECT 1 FROM businesses b WHERE b.id = p.second_id))`,
    );
    return rowCount ?? 0;
  }
}
