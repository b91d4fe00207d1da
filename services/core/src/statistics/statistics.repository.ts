import type { Queryable } from '../db/pool';
import { listedTotalSql } from '../directory/directory-rollup.repository';

/** SPEC §3's admin statistics. */
export interface AdminStatistics {
  users: { total: number; admins: number; regular: number; recent_registrations: number };
  businesses: { total: number; verified: number; unverified: number };
  pending: { reports: number; suggestions: number };
}

export interface StatisticsRollup {
  statistics: AdminStatistics;
  computedAt: Date;
}

// Every count and the upsert in one statement: one round trip, one consistent snapshot. The businesses are counted
// from the directory's rollups (migration 017), so a refresh after each write costs the same at any size; like every
// directory answer, they leave out a business whose report was approved (the cascade soon deletes it).
const REFRESH_SQL = `
WITH users_counts AS (
  SELECT count(*) AS total,
         count(*) FILTER (WHERE is_admin) AS admins,
         count(*) FILTER (WHERE NOT is_admin) AS regular,
         count(*) FILTER (WHERE created_at > now() - interval '7 days') AS recent_registrations
    FROM users
), listed AS (
  SELECT (${listedTotalSql({ verified: false })}) AS total, (${listedTotalSql({ verified: true })}) AS verified
), business_counts AS (
  SELECT total, verified, total - verified AS unverified FROM listed
)
INSERT INTO statistics_rollup (id, statistics, computed_at)
SELECT true,
       jsonb_build_object(
         'users', (SELECT to_jsonb(u) FROM users_counts u),
         'businesses', (SELECT to_jsonb(b) FROM business_counts b),
         'pending', jsonb_build_object(
           'reports', (SELECT count(*) FROM reports WHERE status = 'pending'),
           'suggestions', (SELECT count(*) FROM suggestions WHERE status = 'pending'))),
       clock_timestamp()
ON CONFLICT (id) DO UPDATE SET statistics = EXCLUDED.statistics, computed_at = EXCLUDED.computed_at
RETURNING statistics, computed_at`;

export class StatisticsRepository {
  constructor(private readonly db: Queryable) {}

  /** Recomputes every number and stores it as the single rollup row. */
  async refresh(): Promise<StatisticsRollup> {
    const { rows } = await this.db.query<{ statistics: AdminStatistics; computed_at: Date }>(REFRESH_SQL);
    return { statistics: rows[0].statistics, computedAt: rows[0].computed_at };
  }

  async read(): Promise<StatisticsRollup | null> {
    const { rows } = await this.db.query<{ statistics: AdminStatistics; computed_at: Date }>(
      'SELECT statistics, computed_at FROM statistics_rollup WHERE id',
    );
    return rows[0] ? { statistics: rows[0].statistics, computedAt: rows[0].computed_at } : null;
  }
}
