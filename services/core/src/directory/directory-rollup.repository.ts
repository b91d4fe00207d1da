import type { Queryable } from '../db/pool';
import { isShortSearch, type CityStats, type DirectoryFilters } from '../businesses/businesses.repository';
import { VERIFICATION_CUTOFF_DAY } from '../verification/verification-sql';
import { hasTagFilter } from './directory-filters';

/**
 * Whether the rollups (migration 017) answer these filters: category, city and 'Verified only', alone or together.
 * A search, 'Open now', on_map or verified=false is aggregated over the matching businesses instead.
 */
export function rollupsAnswer(filters: DirectoryFilters): boolean {
  return !filters.search && filters.openAt === undefined && filters.onMap === undefined && filters.verified !== false && !hasTagFilter(filters);
}

/**
 * The verified rows count the businesses verified after the stored cut-off day; those verified between it and
 * today's cut-off have lapsed since (or, if the cut-off moved back, are current again). Read through the
 * verified_on index: the days since the worker last moved the cut-off.
 */
const LAPSED_SINCE_CUTOFF = `
  SELECT lower(b.city) AS city_key, s.sign AS businesses,
         CASE WHEN b.latitude IS NOT NULL AND b.longitude IS NOT NULL THEN s.sign ELSE 0 END AS on_map,
         CASE WHEN s.sign > 0 THEN b.longitude END AS west, CASE WHEN s.sign > 0 THEN b.latitude END AS south,
         CASE WHEN s.sign > 0 THEN b.longitude END AS east, CASE WHEN s.sign > 0 THEN b.latitude END AS north
    FROM businesses b, cutoff s
   WHERE b.verified_on > (SELECT low FROM cutoff) AND b.verified_on <= (SELECT high FROM cutoff) AND NOT b.removal_approved`;

/** The stored and today's cut-off as the range between them, read first so the range is an index condition. */
const CUTOFF = `cutoff AS MATERIALIZED (
  SELECT least(c.verified_after, t.today) AS low, greatest(c.verified_after, t.today) AS high,
         CASE WHEN t.today > c.verified_after THEN -1 ELSE 1 END AS sign
    FROM directory_verification_cutoff c, (SELECT ${VERIFICATION_CUTOFF_DAY} AS today) t)`;

/**
 * Whether the rollups give the total of these filters: those of `rollupsAnswer`, also 'on the map' or not; and a one-
 * or two-character search alone (migration 022's counts per prefix).
 */
export function rollupsTotal(filters: DirectoryFilters): boolean {
  const { search, ...others } = filters;
  if (search) return isShortSearch(search) && Object.values(others).every((value) => value === undefined);
  return rollupsAnswer({ ...filters, onMap: undefined });
}

/** The rollup rows of the filters' groups (one row per city group, or more to correct lapsed verifications). */
function rollupGroups(filters: DirectoryFilters): { with: string; rows: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const category = filters.category ? add(filters.category) : null;
  const city = filters.city ? add(filters.city) : null;
  const verified = filters.verified === true;
  const rollupWhere = [
    `r.verified = ${verified}`,
    category ? `r.category_key = lower(${category})` : 'r.category_key IS NULL',
    ...(city ? [`r.city_key = lower(${city})`] : []),
  ];
  const rollupRows = `SELECT r.city_key, r.businesses, r.on_map, r.west, r.south, r.east, r.north FROM directory_rollup r WHERE ${rollupWhere.join(' AND ')}`;
  const lapsed = verified
    ? ` UNION ALL ${LAPSED_SINCE_CUTOFF}${category ? ` AND lower(b.category) = lower(${category})` : ''}${city ? ` AND lower(b.city) = lower(${city})` : ''}`
    : '';
  return { with: verified ? `WITH ${CUTOFF} ` : '', rows: rollupRows + lapsed, params };
}

function totalSql(filters: DirectoryFilters): { text: string; params: unknown[] } {
  const groups = rollupGroups(filters);
  const counted = filters.onMap === undefined ? 'g.businesses' : filters.onMap ? 'g.on_map' : 'g.businesses - g.on_map';
  return { text: `${groups.with}SELECT coalesce(sum(${counted}), 0)::int AS total FROM (${groups.rows}) g`, params: groups.params };
}

/** A statement without parameters: how many businesses are listed (`verified`: whose verification is current). */
export function listedTotalSql({ verified }: { verified: boolean }): string {
  return totalSql({ verified: verified || undefined }).text;
}

/** The rollups /browse counts from, kept by the triggers of migration 017. */
export class DirectoryRollupRepository {
  constructor(private readonly db: Queryable) {}

  /** Per city group: count, mapped count and mapped extent, for filters `rollupsAnswer` accepts. */
  async cityStats(filters: DirectoryFilters): Promise<CityStats[]> {
    const groups = rollupGroups(filters);
    const { rows } = await this.db.query<CityStats>(
      `${groups.with}SELECT (SELECT min(s.city) FROM directory_city_spellings s WHERE lower(s.city) = g.city_key AND s.businesses > 0) AS city,
              sum(g.businesses)::int AS count, sum(g.on_map)::int AS on_map,
              CASE WHEN sum(g.on_map) > 0 THEN min(g.west) END AS west, CASE WHEN sum(g.on_map) > 0 THEN min(g.south) END AS south,
              CASE WHEN sum(g.on_map) > 0 THEN max(g.east) END AS east, CASE WHEN sum(g.on_map) > 0 THEN max(g.north) END AS north
         FROM (${groups.rows}) g
        GROUP BY g.city_key
       HAVING sum(g.businesses) > 0`,
      groups.params,
    );
    return rows;
  }

  /** How many businesses match, for filters `rollupsTotal` accepts (the list's X-Total-Count). */
  async total(filters: DirectoryFilters): Promise<number> {
    const { text, params } = filters.search
      ? {
          text: 'SELECT coalesce((SELECT businesses FROM directory_name_prefixes WHERE prefix = search_fold($1)), 0)::int AS total',
          params: [filters.search],
        }
      : totalSql(filters);
    const { rows } = await this.db.query<{ total: number }>(text, params);
    return rows[0].total;
  }

  /** Moves the verified rows' cut-off to today's, so that reads correct only for the days since (run by the worker). */
  async advanceVerificationCutoff(): Promise<void> {
    await this.db.query(`SELECT directory_verification_advance(${VERIFICATION_CUTOFF_DAY})`);
  }
}
