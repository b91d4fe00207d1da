import {
  openMinutesMultirange,
  type SpecialHoursEntry,
  type Business,
  type Protection,
  type Report,
  type ValidBusinessInput,
} from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { escapeLike } from '../db/like-pattern';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';
import { splitZoomSql, type TileKeys } from '../directory/map-tiles';
import { VERIFICATION_COLUMNS, VERIFICATION_CURRENT, type VerificationColumns } from '../verification/verification-sql';
import { REPORTER_RECORD_SQL } from '../reports/reports.repository';
import { photoUrlSql } from '../photos/photo-keys';

export interface BusinessRow
  extends Omit<Business, 'created_at' | 'report_count' | 'latest_reports' | 'verified' | 'verification'>, VerificationColumns {
  owner_id: number | null;
  created_at: Date;
  report_count?: number;
  latest_reports?: Report[] | null;
  /** Read by findById only (the detail). */
  managed_by_owner?: boolean;
  owner_confirmed_at?: string | null;
  protection?: Protection | null;
}

/** The directory's filters once parsed: undefined means no filter. */
export interface DirectoryFilters {
  search?: string;
  category?: string;
  city?: string;
  /** true: only businesses with coordinates; false: only those without. */
  onMap?: boolean;
  /** true: only businesses whose verification is current; false: only the others. */
  verified?: boolean;
  /** 'Open now': only businesses open at this instant (an ISO minute), its minute of the London week given beside it. */
  openAt?: { weekMinute: number; instant: string };
  /** An alert's 'Open now': only businesses whose hours (or special hours) say they open at some time. */
  opensInTheWeek?: boolean;
  /** 'Alternative to…': only businesses tagged with the brand of this slug. */
  alternativeTo?: string;
  /** 'Palestinian products': only businesses that stock the product type of this slug, or any ('any'). */
  palestinianProduct?: string;
}

/** Where a page starts: after this business in the page's order (keyset paging). */
export type PageKey =
  | { mode: 'name'; name: string; id: number }
  | { mode: 'prefix'; folded: string; id: number }
  | { mode: 'relevance'; bucket: number; score: number; name: string; id: number }
  | { mode: 'near'; distance: number; id: number };

/** 'Near me': the point a list is ordered from. */
export interface NearPoint {
  latitude: number;
  longitude: number;
}

export interface PageRow extends BusinessRow {
  rank_bucket?: number;
  rank_score?: number;
  /** A short search's order: the folded name (search_fold). */
  folded_name?: string;
  /** A list near a point: its order (NEAR_KEY) and the great-circle miles to the point. */
  near_key?: number;
  distance_miles?: number;
}

export interface MapPoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

/** One cell of a map tile's grid: its number at the tile's zoom, count, mean position and the zoom at which it splits. */
export interface MapCellRow {
  cell: string;
  count: number;
  lat: number;
  lng: number;
  split_zoom: number | null;
}

export interface MapTileBusinessRow extends MapPoint {
  rank: number;
  sharing: number;
  total: number;
  latitude_sum: number;
  longitude_sum: number;
}

/** A business an alert mails, and how many the alert matched in all. */
export interface AddedBusiness {
  id: number;
  name: string;
  city: string;
  category: string;
  total: number;
}

/** One city of the matches: its count, how many are mapped, and their extent. */
export interface CityStats {
  city: string;
  count: number;
  on_map: number;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}

/** The cover photo at its smallest size (one per business at most: a unique index); a row's lookup by index. */
const COVER_COLUMN = `(SELECT json_build_object('photo_id', p.id, 'url', ${photoUrlSql('p.storage_stem', "(p.sizes->0->>'width')")},
    'width', (p.sizes->0->>'width')::int, 'height', (p.sizes->0->>'height')::int, 'alt_text', p.alt_text, 'username', u.username, 'licence', p.licence)
   FROM photos p JOIN users u ON u.id = p.uploader_id WHERE p.business_id = b.id AND p.is_cover) AS cover`;

const PUBLIC_COLUMNS = `b.id, b.owner_id, b.name, nullif(b.name_latin, '') AS name_latin, b.address, b.city, b.postcode, b.category, b.description, b.phone, b.website,
  b.proof_of_support, b.business_hours, b.special_hours, b.social_media, b.latitude, b.longitude, b.location_precision, b.vote_score, b.upvotes, b.downvotes,
  b.created_at, ${VERIFICATION_COLUMNS}, ${COVER_COLUMN}`;

/** The detail's 'Managed by its owner' and the owner's last 'Everything is still accurate'. */
const OWNERSHIP_COLUMNS = `(b.owner_id IS NOT NULL AND b.owner_claimed_at IS NOT NULL) AS managed_by_owner,
  CASE WHEN b.owner_id IS NOT NULL AND b.owner_claimed_at IS NOT NULL
       THEN to_char(b.owner_confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS owner_confirmed_at`;

/** The detail's protection from bursts: the business's running pause, if any (one at most, a unique index). */
const PROTECTION_COLUMN = `(SELECT json_build_object('state', 'paused', 'reason', p.reason,
    'since', to_char(p.since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
   FROM business_pauses p WHERE p.business_id = b.id AND p.lifted_at IS NULL) AS protection`;

const ADMIN_COLUMNS = `,
  (SELECT count(*)::int FROM reports r WHERE r.business_id = b.id AND r.status = 'pending') AS report_count,
  (SELECT coalesce(json_agg(latest ORDER BY latest.created_at DESC), '[]'::json) FROM (
     SELECT r.id, r.business_id, r.reason, r.description, r.reported_by, u.username AS reporter_username,
            ${REPORTER_RECORD_SQL} AS reporter, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
            r.burst_id IS NOT NULL AS part_of_burst
       FROM reports r LEFT JOIN users u ON u.id = r.reported_by
      WHERE r.business_id = b.id AND r.status = 'pending'
      ORDER BY r.created_at DESC, r.id DESC LIMIT 3) latest) AS latest_reports`;

// A business whose report was approved is gone for everyone at once, even before the cascade job deletes it.
const NOT_REMOVED = `NOT EXISTS (SELECT 1 FROM reports removed WHERE removed.business_id = b.id AND removed.status = 'approved')`;
const MAPPED = 'b.latitude IS NOT NULL AND b.longitude IS NOT NULL';
/** What an 'area' business is searched by: the search text (migration 013) without its street, its postcode's district only. */
const AREA_SEARCH_TEXT = `search_fold(b.name || ' ' || b.name_latin || ' ' || b.description || ' ' || b.category || ' ' || b.city || ' ' || coalesce(postcode_outcode(b.postcode), ''))`;
// A city is required, stored trimmed and never blank (schema check), so no business falls under SPEC's
// 'Unknown City'. Groups are case-insensitive, as the city filter is, and show the first spelling A-Z.
const CITY_GROUP = 'lower(b.city)';

/** What an admin narrows the reported businesses to: a part of the name, the reason of one of its pending reports. */
export interface ReportedBusinessesFilter {
  search?: string;
  reason?: string;
}

// The businesses with pending reports and how many; with $2, only those one of whose pending reports gives that reason.
const REPORTED_MATCHING = `WITH reported AS (
  SELECT business_id, count(*)::int AS pending FROM reports WHERE status = 'pending'
   GROUP BY business_id HAVING $2::text IS NULL OR bool_or(reason = $2))`;
const reportedParams = ({ search, reason }: ReportedBusinessesFilter): [string | null, string | null] => [nameSearchParam(search), reason ?? null];

/** Positional parameters collected while a statement is written. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A search resolved to its full-text queries (tsquery text), before the businesses are read. */
interface ResolvedSearch {
  text: string;
  /** The text as the search columns hold theirs (search_fold, migration 013): what substrings are matched with. */
  folded: string;
  exact: string;
  /** Each word or, for typos, one of the dictionary words most like it; null when the search has no words. */
  fuzzy: string | null;
}

/**
 * The typo-tolerant query of a search: each word of it, or one of the five dictionary words most like
 * it (trigram index on search_words). Run on its own, so that the planner sees the queries the
 * businesses are matched with and reads them through their indexes.
 */
const RESOLVE_SEARCH = `
  SELECT folded, plainto_tsquery('simple', folded)::text AS exact,
         (SELECT to_tsquery('simple', string_agg('(' || alternatives || ')', ' & '))::text
            FROM (SELECT string_agg(quote_literal(candidate), ' | ') AS alternatives
                    FROM unnest(tsvector_to_array(to_tsvector('simple', folded))) WITH ORDINALITY AS t(term, position)
                   CROSS JOIN LATERAL (
                         SELECT t.term AS candidate
                         UNION
                         (SELECT word FROM search_words
                           WHERE length(t.term) >= 4 AND word % t.term
                           ORDER BY similarity(word, t.term) DESC LIMIT 5)) candidates
                   -- Spelled out rather than [[:alnum:]], which a database whose ctype is C reads as ASCII only.
                   WHERE candidate ~ '^[0-9a-z_\\u0080-\\U0010ffff-]+$'
                   GROUP BY t.position) per_term) AS fuzzy
    FROM search_fold($1) AS folded`;

/**
 * pg_trgm serves substrings of 3 characters or more: a shorter search would read the whole table. It matches the
 * start of the folded name instead, as a range of the name-prefix index (migration 019), which also holds what the
 * total, the summary and the map read of a match: none of them reads the table. Its matches list A-Z by the folded
 * name, the index's order, so a page reads only its own rows; its total is a rollup read (migration 022).
 */
const SHORT_SEARCH_LENGTH = 3;
const FOLDED_NAME = 'search_fold(b.name)';
// search_fold's marks (migration 013); its other steps keep the length.
// eslint-disable-next-line no-misleading-character-class -- a class of combining marks on purpose: each is removed alone
const FOLDED_MARKS = /[\u0300-\u036f\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06ed]/g;

/** Whether a search matches the start of names, listed A-Z by the folded name (else anything, ranked by relevance): decided here only. */
export function isShortSearch(search: string): boolean {
  return [...search.toLowerCase().normalize('NFKD').replace(FOLDED_MARKS, '')].length < SHORT_SEARCH_LENGTH;
}

const RESOLVED_SEARCH_TTL_MS = 10_000;
const RESOLVED_SEARCHES_KEPT = 500;

/**
 * The one place the directory's filters become SQL, so the page, its total, the summary, the city
 * groups and the map always agree. Search: substring (trigram index), full text, and full text over
 * the search's typo alternatives.
 */
function filterSql(filters: DirectoryFilters, search: ResolvedSearch | null, params: Params) {
  const conditions = [NOT_REMOVED];
  if (filters.category) conditions.push(`lower(b.category) = lower(${params.add(filters.category)})`);
  if (filters.city) conditions.push(`lower(b.city) = lower(${params.add(filters.city)})`);
  if (filters.onMap === true) conditions.push(`(${MAPPED})`);
  if (filters.onMap === false) conditions.push(`NOT (${MAPPED})`);
  if (filters.verified === true) conditions.push(`(${VERIFICATION_CURRENT})`);
  if (filters.verified === false) conditions.push(`(${VERIFICATION_CURRENT}) IS NOT TRUE`);
  // Intervals parsed from other hours than the row's (written by SQL that bypasses the repository) never count.
  if (filters.openAt !== undefined) conditions.push(openAtSql(filters.openAt, params));
  if (filters.opensInTheWeek)
    conditions.push(`((NOT isempty(b.open_minutes) AND b.open_minutes_of = b.business_hours) OR b.special_open IS NOT NULL)`);
  // The tag's businesses are read first, from its primary key, as an array the planner cannot mistake for a large share
  // of the directory: a page costs what the tag holds, never a walk of the whole directory in name order.
  if (filters.alternativeTo)
    conditions.push(
      `b.id = ANY (ARRAY(SELECT fa.business_id FROM business_alternatives fa
                         WHERE fa.brand_id = (SELECT id FROM brands WHERE slug = ${params.add(filters.alternativeTo)})))`,
    );
  if (filters.palestinianProduct === 'any') conditions.push('b.id = ANY (ARRAY(SELECT DISTINCT fp.business_id FROM business_products fp))');
  else if (filters.palestinianProduct)
    conditions.push(
      `b.id = ANY (ARRAY(SELECT fp.business_id FROM business_products fp
                         WHERE fp.product_type_id = (SELECT id FROM product_types WHERE slug = ${params.add(filters.palestinianProduct)})))`,
    );
  if (!search) return { where: conditions.join(' AND '), rank: null, byPrefix: false };

  if (isShortSearch(search.text)) {
    conditions.push(prefixRange(search.folded, params));
    return { where: conditions.join(' AND '), rank: null, byPrefix: true };
  }
  const like = params.add(escapeLike(search.folded));
  const exact = `${params.add(search.exact)}::tsquery`;
  const fuzzy = `${params.add(search.fuzzy)}::tsquery`;
  conditions.push(`(b.search_text LIKE '%' || ${like} || '%' OR b.search_vector @@ ${exact} OR b.search_vector @@ ${fuzzy})`);
  // The search columns hold every business's street and full postcode: an 'area' business must match without them.
  conditions.push(
    `(b.location_precision = 'exact' OR ${AREA_SEARCH_TEXT} LIKE '%' || ${like} || '%'
      OR to_tsvector('simple', ${AREA_SEARCH_TEXT}) @@ ${exact} OR to_tsvector('simple', ${AREA_SEARCH_TEXT}) @@ ${fuzzy})`,
  );
  return {
    where: conditions.join(' AND '),
    byPrefix: false,
    /** Adds its own parameters, so call it only for a statement that ranks. */
    rank: () => ({
      bucket: `CASE WHEN search_fold(b.name) = ${params.add(search.folded)}::text THEN 4
                    WHEN search_fold(b.name) LIKE ${like} || '%' THEN 3
                    WHEN search_fold(b.name) LIKE '%' || ${like} || '%' THEN 2
                    WHEN b.search_vector @@ ${exact} THEN 1
                    ELSE 0 END`,
      score: `ts_rank(b.search_vector, coalesce(${fuzzy}, ${exact}))::float8`,
    }),
  };
}

/**
 * 'Open now' with special hours (migration 035): open by a special entry, or by the weekly hours outside special dates.
 * Each half has its own GiST index, which Postgres reads together (a BitmapOr) when few businesses are open.
 */
function openAtSql(openAt: NonNullable<DirectoryFilters['openAt']>, params: Params): string {
  const instant = `${params.add(openAt.instant)}::timestamptz`;
  return `((b.open_minutes @> ${params.add(openAt.weekMinute)}::int4 AND b.open_minutes_of = b.business_hours
            AND (b.special_dates IS NULL OR NOT b.special_dates @> ${instant}))
           OR b.special_open @> ${instant})`;
}

/** The 'Open now' condition alone, with its values: what the index test explains. */
export function openAtCondition(openAt: NonNullable<DirectoryFilters['openAt']>): { sql: string; values: unknown[] } {
  const params = new Params();
  return { sql: openAtSql(openAt, params), values: params.values };
}

/**
 * The folded names that start with `prefix`, as a range of the index's byte order (text_pattern_ops): from the prefix
 * to the prefix with its last character's successor. UTF-8's byte order is the code points' order.
 */
function prefixRange(prefix: string, params: Params): string {
  const characters = [...prefix];
  if (characters.length === 0) return 'false';
  const last = characters.pop()!.codePointAt(0)! + 1;
  const from = `${FOLDED_NAME} ~>=~ ${params.add(prefix)}`;
  // No successor inside Unicode or next to a surrogate: the range is open above, and the prefix checked on each.
  if (last > 0x10ffff || (last >= 0xd800 && last <= 0xdfff)) return `(${from} AND starts_with(${FOLDED_NAME}, ${params.add(prefix)}))`;
  return `(${from} AND ${FOLDED_NAME} ~<~ ${params.add(characters.join('') + String.fromCodePoint(last))})`;
}

/**
 * 'Near me' orders by a plane distance that the GiST index of migration 1700000000032 serves nearest first (KNN), on the
 * same expression: longitude scaled by cos 54°, so that a mile east and a mile north weigh about the same across Great
 * Britain (50°-59°N, within about 10%), where raw degrees would weigh a mile east 1.6 times a mile north.
 */
const NEAR_POINT_SQL = 'point(b.longitude * 0.5878::float8, b.latitude)';
const EARTH_RADIUS_MILES = 3958.7613;

function nearSql(point: NearPoint, params: Params) {
  const latitude = `${params.add(point.latitude)}::float8`;
  const longitude = `${params.add(point.longitude)}::float8`;
  const key = `(${NEAR_POINT_SQL} <-> point(${longitude} * 0.5878::float8, ${latitude}))`;
  const miles = `${EARTH_RADIUS_MILES} * 2 * asin(least(1, sqrt(power(sin(radians(b.latitude - ${latitude}) / 2), 2)
    + cos(radians(${latitude})) * cos(radians(b.latitude)) * power(sin(radians(b.longitude - ${longitude}) / 2), 2))))`;
  return { key, miles };
}

const columns = (forAdmin: boolean) => PUBLIC_COLUMNS + (forAdmin ? ADMIN_COLUMNS : '');

const WRITABLE_FIELDS = [
  'name',
  'name_latin',
  'address',
  'city',
  'postcode',
  'category',
  'description',
  'phone',
  'website',
  'business_hours',
  'social_media',
] as const;

/** The public businesses of the ids in $1; the partner feed's bench baseline runs this same text. */
export const publicByIdsSql = (): string => `SELECT ${columns(false)} FROM businesses b WHERE b.id = ANY($1::int[]) AND ${NOT_REMOVED}`;

export class BusinessesRepository {
  /** `searchDb`: where statements of a search go (the API's small search pool), so searches queue apart from other reads. */
  constructor(
    private readonly db: Queryable,
    private readonly searchDb: Queryable = db,
  ) {}

  private dbFor(filters: DirectoryFilters): Queryable {
    return filters.search ? this.searchDb : this.db;
  }

  /**
   * A page and its total (and the summary, groups and map of the same search) resolve the same words: each
   * search is resolved once and kept a few seconds. A word the dictionary gains meanwhile only joins its typo
   * alternatives a little later; exact and substring matches never wait.
   */
  private readonly resolved = new Map<string, { search: Promise<ResolvedSearch>; expires: number }>();

  private resolveSearch(search: string | undefined): Promise<ResolvedSearch | null> {
    if (!search) return Promise.resolve(null);
    const text = search.toLowerCase();
    const now = Date.now();
    const kept = this.resolved.get(text);
    if (kept && kept.expires > now) return kept.search;
    const resolving = this.searchDb.query<Omit<ResolvedSearch, 'text'>>(RESOLVE_SEARCH, [text]).then(({ rows }) => ({ text, ...rows[0] }));
    this.resolved.set(text, { search: resolving, expires: now + RESOLVED_SEARCH_TTL_MS });
    resolving.catch(() => this.resolved.delete(text));
    while (this.resolved.size > RESOLVED_SEARCHES_KEPT) this.resolved.delete(this.resolved.keys().next().value!);
    return resolving;
  }

  /**
   * One page in the directory's order: relevance, then name, then id when searching; name, then id
   * otherwise. Keyset paging: the page starts after `after`, so deep pages cost what the first does.
   */
  async listPage(filters: DirectoryFilters, options: { limit: number; after?: PageKey; forAdmin: boolean; near?: NearPoint }): Promise<PageRow[]> {
    const params = new Params();
    const sql = filterSql(options.near ? { ...filters, onMap: true } : filters, await this.resolveSearch(filters.search), params);
    const after = options.after;
    if (options.near) {
      // Nearest first over the GiST index, whatever the other filters; ties of one distance go by id. The keyset skips
      // the rows of earlier pages as the index walks past them.
      const near = nearSql(options.near, params);
      const keyset = after?.mode === 'near' ? ` AND (${near.key}, b.id) > (${params.add(after.distance)}::float8, ${params.add(after.id)}::int)` : '';
      const { rows } = await this.dbFor(filters).query<PageRow>(
        `SELECT ${columns(options.forAdmin)}, ${near.key} AS near_key, ${near.miles} AS distance_miles
           FROM businesses b WHERE ${sql.where}${keyset} ORDER BY ${near.key}, b.id LIMIT ${params.add(options.limit)}`,
        params.values,
      );
      return rows;
    }
    const limit = params.add(options.limit);
    if (sql.byPrefix) {
      // A short search walks its index in the index's order (the folded name, byte by byte), so a page reads its own
      // rows only, however many names share the prefix; ties of one folded name go by id.
      const keyset =
        after?.mode === 'prefix'
          ? ` AND ${FOLDED_NAME} ~>=~ ${params.add(after.folded)} AND (${FOLDED_NAME} ~>~ ${params.add(after.folded)} OR b.id > ${params.add(after.id)}::int)`
          : '';
      const { rows } = await this.dbFor(filters).query<PageRow>(
        `SELECT ${columns(options.forAdmin)}, ${FOLDED_NAME} AS folded_name FROM businesses b WHERE ${sql.where}${keyset}
          ORDER BY ${FOLDED_NAME} USING ~<~, b.id LIMIT ${limit}`,
        params.values,
      );
      return rows;
    }
    if (!sql.rank) {
      const keyset = after?.mode === 'name' ? ` AND (b.name, b.id) > (${params.add(after.name)}, ${params.add(after.id)}::int)` : '';
      const { rows } = await this.dbFor(filters).query<PageRow>(
        `SELECT ${columns(options.forAdmin)} FROM businesses b WHERE ${sql.where}${keyset} ORDER BY b.name, b.id LIMIT ${limit}`,
        params.values,
      );
      return rows;
    }
    const rank = sql.rank();
    const keyset =
      after?.mode === 'relevance'
        ? `WHERE (-m.rank_bucket, -m.rank_score, m.name, m.id) > (${params.add(-after.bucket)}::int, ${params.add(-after.score)}::float8, ${params.add(after.name)}, ${params.add(after.id)}::int)`
        : '';
    // Ranks the matches on narrow rows, then reads the page's full rows only.
    const { rows } = await this.dbFor(filters).query<PageRow>(
      `SELECT ${columns(options.forAdmin)}, p.rank_bucket, p.rank_score
         FROM (SELECT m.* FROM (
                 SELECT b.id, b.name, ${rank.bucket} AS rank_bucket, ${rank.score} AS rank_score
                   FROM businesses b WHERE ${sql.where}) m
               ${keyset}
               ORDER BY m.rank_bucket DESC, m.rank_score DESC, m.name, m.id
               LIMIT ${limit}) p
         JOIN businesses b ON b.id = p.id
        ORDER BY p.rank_bucket DESC, p.rank_score DESC, p.name, p.id`,
      params.values,
    );
    return rows;
  }

  async count(filters: DirectoryFilters): Promise<number> {
    const params = new Params();
    const sql = filterSql(filters, await this.resolveSearch(filters.search), params);
    const { rows } = await this.dbFor(filters).query<{ total: number }>(
      `SELECT count(*)::int AS total FROM businesses b WHERE ${sql.where}`,
      params.values,
    );
    return rows[0].total;
  }

  /** Per city of the matches: count, mapped count and mapped extent (one pass; cities are few). */
  async cityStats(filters: DirectoryFilters): Promise<CityStats[]> {
    const params = new Params();
    const sql = filterSql(filters, await this.resolveSearch(filters.search), params);
    const { rows } = await this.dbFor(filters).query<CityStats>(
      `SELECT min(b.city) AS city, count(*)::int AS count, count(*) FILTER (WHERE ${MAPPED})::int AS on_map,
              min(b.longitude) AS west, min(b.latitude) AS south, max(b.longitude) AS east, max(b.latitude) AS north
         FROM businesses b WHERE ${sql.where} GROUP BY ${CITY_GROUP}`,
      params.values,
    );
    return rows;
  }

  /**
   * The cells of one map tile's grid with their counts, read from the map_cells rollup (migration 018): for tiles of
   * zooms up to MAP_ROLLUP_MAX_ZOOM without filters or with a category only. A business hidden by an approved report
   * still counts in map_cells until the cascade deletes it, so those few are subtracted here.
   */
  async mapTileRollupCells(tile: TileKeys, category: string | undefined): Promise<MapCellRow[]> {
    const params = new Params();
    const level = params.add(tile.cellLevel);
    const range = `>= ${params.add(tile.from)}::bigint AND b.map_key < ${params.add(tile.to)}::bigint`;
    const shift = params.add(tile.cellShift);
    const cells = `m.cell >= ${params.add(tile.firstCell)}::bigint AND m.cell < ${params.add(tile.endCell)}::bigint`;
    const ofCategory = category === undefined ? '' : params.add(category);
    const { rows } = await this.db.query<MapCellRow>(
      `SELECT c.cell::text AS cell, sum(c.count)::int AS count, sum(c.latitude_sum) / sum(c.count) AS lat, sum(c.longitude_sum) / sum(c.count) AS lng,
              ${splitZoomSql('min(c.min_key)', 'max(c.max_key)')} AS split_zoom
         FROM (SELECT m.cell, m.count, m.latitude_sum, m.longitude_sum, m.min_key, m.max_key FROM map_cells m
                WHERE m.level = ${level} AND ${cells}${ofCategory ? ` AND m.category = lower(${ofCategory})` : ''}
               UNION ALL
               SELECT b.map_key >> ${shift}, -1, -b.latitude, -b.longitude, NULL, NULL FROM businesses b
                WHERE b.id IN (SELECT removed.business_id FROM reports removed WHERE removed.status = 'approved')
                  AND b.map_key ${range}${ofCategory ? ` AND lower(b.category) = lower(${ofCategory})` : ''}) c
        GROUP BY c.cell HAVING sum(c.count) > 0`,
      params.values,
    );
    return rows;
  }

  /** The cells of one map tile's grid with their counts, aggregated over the map_key index for any filters. */
  async mapTileCells(filters: DirectoryFilters, tile: TileKeys): Promise<MapCellRow[]> {
    const params = new Params();
    const sql = filterSql({ ...filters, onMap: true }, await this.resolveSearch(filters.search), params);
    const { rows } = await this.dbFor(filters).query<MapCellRow>(
      `SELECT (b.map_key >> ${params.add(tile.cellShift)})::text AS cell, count(*)::int AS count, avg(b.latitude) AS lat, avg(b.longitude) AS lng,
              ${splitZoomSql('min(b.map_key)', 'max(b.map_key)')} AS split_zoom
         FROM businesses b WHERE ${sql.where} AND b.map_key >= ${params.add(tile.from)}::bigint AND b.map_key < ${params.add(tile.to)}::bigint
        GROUP BY 1`,
      params.values,
    );
    return rows;
  }

  /** The one business matching the filters in each of these cells of a tile's grid (cells counted as holding one). */
  async mapCellBusinesses(filters: DirectoryFilters, tile: TileKeys, cells: readonly string[]): Promise<MapPoint[]> {
    if (cells.length === 0) return [];
    const params = new Params();
    const sql = filterSql({ ...filters, onMap: true }, await this.resolveSearch(filters.search), params);
    const shift = params.add(tile.cellShift);
    const { rows } = await this.dbFor(filters).query<MapPoint>(
      `SELECT one.* FROM unnest(${params.add(cells)}::bigint[]) AS cell(number)
        CROSS JOIN LATERAL (SELECT b.id, b.name, b.latitude, b.longitude FROM businesses b
                             WHERE ${sql.where} AND b.map_key >= cell.number << ${shift} AND b.map_key < (cell.number + 1) << ${shift}
                             LIMIT 1) one`,
      params.values,
    );
    return rows;
  }

  /**
   * Up to `limit` businesses of one map tile, in key order, each with its rank among the businesses at its very
   * point and how many share that point; every row also carries the tile's total and coordinate sums.
   */
  async mapTileBusinesses(filters: DirectoryFilters, tile: TileKeys, limit: number): Promise<MapTileBusinessRow[]> {
    const params = new Params();
    const sql = filterSql({ ...filters, onMap: true }, await this.resolveSearch(filters.search), params);
    const { rows } = await this.dbFor(filters).query<MapTileBusinessRow>(
      `SELECT b.id, b.name, b.latitude, b.longitude,
              (row_number() OVER (PARTITION BY b.latitude, b.longitude ORDER BY b.id) - 1)::int AS rank,
              count(*) OVER (PARTITION BY b.latitude, b.longitude)::int AS sharing,
              count(*) OVER ()::int AS total, sum(b.latitude) OVER () AS latitude_sum, sum(b.longitude) OVER () AS longitude_sum
         FROM businesses b WHERE ${sql.where} AND b.map_key >= ${params.add(tile.from)}::bigint AND b.map_key < ${params.add(tile.to)}::bigint
        ORDER BY b.map_key, b.id LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows;
  }

  /** The map's version: bumped by every change that can alter a tile (migration 018's triggers). */
  async mapVersion(): Promise<number> {
    const { rows } = await this.db.query<{ version: string }>('SELECT version FROM map_version');
    return Number(rows[0].version);
  }

  /**
   * The businesses the directory lists for these filters that were created in (since, until], A-Z as /browse lists them,
   * at most `limit`, each row carrying the number of all of them (an alert's mail).
   */
  async listAddedBetween(filters: DirectoryFilters, since: Date, until: Date, limit: number): Promise<AddedBusiness[]> {
    const params = new Params();
    const sql = filterSql(filters, await this.resolveSearch(filters.search), params);
    const { rows } = await this.dbFor(filters).query<AddedBusiness>(
      `SELECT b.id, b.name, b.city, b.category, count(*) OVER ()::int AS total FROM businesses b
        WHERE ${sql.where} AND b.created_at > ${params.add(since)} AND b.created_at <= ${params.add(until)}
        ORDER BY b.name, b.id LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows;
  }

  /** The listed businesses with ids from `fromId` to `toId`, in id order (one part of the open data files). */
  async listPublicBetween(fromId: number, toId: number): Promise<BusinessRow[]> {
    const { rows } = await this.db.query<BusinessRow>(
      `SELECT ${columns(false)} FROM businesses b WHERE b.id BETWEEN $1 AND $2 AND ${NOT_REMOVED} ORDER BY b.id`,
      [fromId, toId],
    );
    return rows;
  }

  /** The listed businesses among `ids` (any order): a business gone or removed after a report is not among them. */
  async listPublicByIds(ids: readonly number[]): Promise<BusinessRow[]> {
    if (!ids.length) return [];
    const { rows } = await this.db.query<BusinessRow>(publicByIdsSql(), [ids]);
    return rows;
  }

  async maxId(): Promise<number> {
    const { rows } = await this.db.query<{ max: number | null }>('SELECT max(id) AS max FROM businesses');
    return rows[0].max ?? 0;
  }

  async findById(id: number, forAdmin: boolean): Promise<BusinessRow | null> {
    const { rows } = await this.db.query<BusinessRow>(
      `SELECT ${columns(forAdmin)}, ${OWNERSHIP_COLUMNS}, ${PROTECTION_COLUMN} FROM businesses b WHERE b.id = $1 AND ${NOT_REMOVED}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** `owner_claimed`: an admin approved the owner's claim, not merely who added the business. */
  async findOwner(id: number): Promise<{ owner_id: number | null; owner_claimed: boolean; name: string; postcode: string; website: string } | null> {
    const { rows } = await this.db.query(
      `SELECT owner_id, (owner_id IS NOT NULL AND owner_claimed_at IS NOT NULL) AS owner_claimed, name, postcode, website
         FROM businesses b WHERE id = $1 AND ${NOT_REMOVED}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Holds the business's row until the transaction ends; false when there is none (or its removal was approved). */
  async lock(id: number): Promise<boolean> {
    const { rowCount } = await this.db.query(`SELECT 1 FROM businesses b WHERE id = $1 AND ${NOT_REMOVED} FOR UPDATE OF b`, [id]);
    return (rowCount ?? 0) > 0;
  }

  /** The new business as findById reads it, from the insert's own statement. */
  async insert(input: ValidBusinessInput, ownerId: number, forAdmin: boolean): Promise<BusinessRow> {
    const { rows } = await this.db.query<BusinessRow>(
      `INSERT INTO businesses AS b (owner_id, ${WRITABLE_FIELDS.join(', ')}, latitude, longitude, open_minutes, open_minutes_of, location_precision)
       VALUES ($1, ${WRITABLE_FIELDS.map((_, index) => `$${index + 2}`).join(', ')}, $${WRITABLE_FIELDS.length + 2}, $${WRITABLE_FIELDS.length + 3},
               $${WRITABLE_FIELDS.length + 4}::int4multirange, $${HOURS_PLACEHOLDER}::jsonb, coalesce($${WRITABLE_FIELDS.length + 5}, 'exact'))
       RETURNING ${columns(forAdmin)}`,
      [
        ownerId,
        ...fieldValues(input),
        input.latitude ?? null,
        input.longitude ?? null,
        openMinutesMultirange(input.business_hours),
        input.location_precision ?? null,
      ],
    );
    return rows[0];
  }

  /**
   * Coordinates change only when the input carries them; otherwise geocoding owns them. The location's precision
   * changes only when the input names it (the businesses_area_point trigger moves the public point).
   */
  async update(id: number, input: ValidBusinessInput): Promise<void> {
    const hasCoordinates = input.latitude !== undefined && input.longitude !== undefined;
    await this.db.query(
      `UPDATE businesses SET ${WRITABLE_FIELDS.map((field, index) => `${field} = $${index + 2}`).join(', ')},
              latitude = CASE WHEN $${WRITABLE_FIELDS.length + 2} THEN $${WRITABLE_FIELDS.length + 3}::double precision ELSE latitude END,
              longitude = CASE WHEN $${WRITABLE_FIELDS.length + 2} THEN $${WRITABLE_FIELDS.length + 4}::double precision ELSE longitude END,
              open_minutes = $${WRITABLE_FIELDS.length + 5}::int4multirange, open_minutes_of = $${HOURS_PLACEHOLDER}::jsonb,
              location_precision = coalesce($${WRITABLE_FIELDS.length + 6}, location_precision), updated_at = now()
        WHERE id = $1`,
      [
        id,
        ...fieldValues(input),
        hasCoordinates,
        input.latitude ?? null,
        input.longitude ?? null,
        openMinutesMultirange(input.business_hours),
        input.location_precision ?? null,
      ],
    );
  }

  /** Writes one suggestable field but proof_of_support, which the sources keep; jsonb fields arrive as objects. */
  async updateField(id: number, field: string, value: unknown): Promise<void> {
    if (!(WRITABLE_FIELDS as readonly string[]).includes(field)) throw new Error(`not a writable field: ${field}`);
    const isJson = field === 'business_hours' || field === 'social_media';
    const hours = field === 'business_hours' ? ', open_minutes = $3::int4multirange, open_minutes_of = $2::jsonb' : '';
    await this.db.query(`UPDATE businesses SET ${field} = $2${isJson ? '::jsonb' : ''}${hours}, updated_at = now() WHERE id = $1`, [
      id,
      isJson ? JSON.stringify(value) : value,
      ...(hours ? [openMinutesMultirange(value as Record<string, string>)] : []),
    ]);
  }

  /** Replaces the business's special hours, with the ranges 'Open now' reads derived from them in the same statement. */
  async setSpecialHours(id: number, entries: SpecialHoursEntry[]): Promise<void> {
    await this.db.query(
      `UPDATE businesses b SET special_hours = $2::jsonb, special_dates = r.dates, special_open = r.open_at, updated_at = now()
         FROM special_hours_ranges($2::jsonb) AS r WHERE b.id = $1`,
      [id, JSON.stringify(entries)],
    );
  }

  /**
   * Parses the hours of businesses whose open intervals were parsed from other hours (or never): the rows before
   * migration 014 and those written by SQL that bypasses this repository. A batch at a time, through the partial
   * index; a row whose hours change meanwhile stays pending. Returns how many were parsed.
   */
  async parsePendingHours(batchSize = 1000): Promise<number> {
    let parsed = 0;
    for (;;) {
      const { rows } = await this.db.query<{ id: number; business_hours: Record<string, string> }>(
        'SELECT id, business_hours FROM businesses WHERE open_minutes_of IS DISTINCT FROM business_hours ORDER BY id LIMIT $1',
        [batchSize],
      );
      if (rows.length === 0) return parsed;
      await this.db.query(
        `UPDATE businesses b SET open_minutes = u.minutes::int4multirange, open_minutes_of = u.hours
           FROM unnest($1::int4[], $2::text[], $3::jsonb[]) AS u(id, minutes, hours)
          WHERE b.id = u.id AND b.business_hours = u.hours`,
        [
          rows.map((row) => row.id),
          rows.map((row) => openMinutesMultirange(row.business_hours)),
          rows.map((row) => JSON.stringify(row.business_hours)),
        ],
      );
      parsed += rows.length;
      if (rows.length < batchSize) return parsed;
    }
  }

  async delete(id: number): Promise<{ name: string } | null> {
    const { rows } = await this.db.query<{ name: string }>('DELETE FROM businesses WHERE id = $1 RETURNING name', [id]);
    return rows[0] ?? null;
  }

  /** Every category spelling a listed business uses, A-Z: from the rollup (migration 017), not the table. */
  async listCategories(): Promise<string[]> {
    const { rows } = await this.db.query<{ category: string }>(
      `SELECT category FROM directory_category_spellings WHERE businesses > 0 AND category <> '' ORDER BY category`,
    );
    return rows.map((row) => row.category);
  }

  /** Every city spelling a listed business uses, A-Z: from the rollup (migration 017), not the table. */
  /** Cities in use A-Z (from the rollup of spellings); with `search`, those holding it, those that start with it first. */
  async listCities({ search, limit }: { search?: string; limit?: number } = {}): Promise<string[]> {
    const pattern = search ? escapeLike(search.toLowerCase()) : null;
    const { rows } = await this.db.query<{ city: string }>(
      `SELECT city FROM directory_city_spellings
        WHERE businesses > 0 AND ($1::text IS NULL OR lower(city) LIKE '%' || $1 || '%')
        ORDER BY $1::text IS NOT NULL AND lower(city) NOT LIKE $1 || '%', city
        LIMIT $2`,
      [pattern, limit ?? null],
    );
    return rows.map((row) => row.city);
  }

  /**
   * Businesses with pending reports, most reported first, then by name and id; after the business of key `after`
   * when given; narrowed by `filter`. The work grows with the pending reports, never with the whole table.
   */
  async reportedPage(
    after: { reportCount: number; name: string; id: number } | undefined,
    limit: number,
    filter: ReportedBusinessesFilter = {},
  ): Promise<BusinessRow[]> {
    const { rows } = await this.db.query<BusinessRow>(
      `${REPORTED_MATCHING}
       SELECT ${columns(true)} FROM reported JOIN businesses b ON b.id = reported.business_id
        WHERE ${NOT_REMOVED} AND ${nameHoldsSql('b', '$1')}
          AND ($3::int IS NULL OR reported.pending < $3 OR (reported.pending = $3 AND (b.name, b.id) > ($4::text, $5::int)))
        ORDER BY reported.pending DESC, b.name ASC, b.id ASC LIMIT $6`,
      [...reportedParams(filter), after?.reportCount ?? null, after?.name ?? null, after?.id ?? null, limit],
    );
    return rows;
  }

  async countReported(filter: ReportedBusinessesFilter = {}): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `${REPORTED_MATCHING}
       SELECT count(*)::int AS count FROM reported JOIN businesses b ON b.id = reported.business_id
        WHERE ${NOT_REMOVED} AND ${nameHoldsSql('b', '$1')}`,
      reportedParams(filter),
    );
    return rows[0].count;
  }
}

// The placeholder of business_hours in insert's and update's parameters ($1 is the owner or the id).
const HOURS_PLACEHOLDER = WRITABLE_FIELDS.indexOf('business_hours') + 2;

function fieldValues(input: ValidBusinessInput): unknown[] {
  return WRITABLE_FIELDS.map((field) => {
    if (field === 'business_hours' || field === 'social_media') return JSON.stringify(input[field] ?? {});
    return input[field];
  });
}

/** The columns a business's input writes and their values in that order, for the seed's bulk insert. */
export { WRITABLE_FIELDS as BUSINESS_WRITABLE_FIELDS, fieldValues as businessFieldValues };
