import type { Report } from '@zaytoon/contract';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';
import { newestFirst, type NewestFirstKey } from '../db/keyset-page';
import type { Queryable } from '../db/pool';

/**
 * The reporter's record an admin weighs a report by (null once the account is deleted), for `u` joined on
 * `r.reported_by`. One subquery per row of the page, answered from `report_outcomes_reporter_idx` alone.
 */
export const REPORTER_RECORD_SQL = `CASE WHEN u.id IS NOT NULL THEN (
  SELECT json_build_object('username', u.username,
           'account_created_at', to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'reports_upheld', count(*) FILTER (WHERE o.outcome = 'upheld'),
           'reports_rejected', count(*) FILTER (WHERE o.outcome = 'rejected'))
    FROM report_outcomes o WHERE o.reporter_id = u.id) END`;

const REPORT_COLUMNS = `r.id, r.business_id, b.name AS business_name, r.reason, r.description, r.reported_by,
  u.username AS reporter_username, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  r.burst_id IS NOT NULL AS part_of_burst`;

// Reports about a business whose removal was approved are gone with it, even before the cascade job runs.
const PENDING = `r.status = 'pending' AND NOT EXISTS (SELECT 1 FROM reports a WHERE a.business_id = r.business_id AND a.status = 'approved')`;

/** What an admin narrows the pending reports to: a part of the business's name (any case), a reason. */
export interface PendingReportsFilter {
  search?: string;
  reason?: string;
}

// $1 a part of the business's name, $2 a reason; null matches all.
const MATCHING = `${nameHoldsSql('b', '$1')} AND ($2::text IS NULL OR r.reason = $2)`;
const filterParams = ({ search, reason }: PendingReportsFilter): [string | null, string | null] => [nameSearchParam(search), reason ?? null];

export class ReportsRepository {
  constructor(private readonly db: Queryable) {}

  /** Null when the reporter already has a pending report on the business (the partial unique index decides). */
  async insert(businessId: number, reporterId: number, reason: string, description: string): Promise<Report | null> {
    const { rows } = await this.db.query<Report>(
      `WITH inserted AS (
         INSERT INTO reports (business_id, reported_by, reason, description) VALUES ($1, $2, $3, $4)
         ON CONFLICT (business_id, reported_by) WHERE status = 'pending' DO NOTHING
         RETURNING *)
       SELECT ${REPORT_COLUMNS} FROM inserted r JOIN businesses b ON b.id = r.business_id LEFT JOIN users u ON u.id = r.reported_by`,
      [businessId, reporterId, reason, description],
    );
    return rows[0] ?? null;
  }

  /** Pending reports newest first, matching `filter`, after the report of key `after` when given. */
  async pendingPage(after: NewestFirstKey | undefined, limit: number, filter: PendingReportsFilter = {}): Promise<(Report & { sort_key: string })[]> {
    const { rows } = await this.db.query<Report & { sort_key: string }>(
      `SELECT ${REPORT_COLUMNS}, ${REPORTER_RECORD_SQL} AS reporter, ${newestFirst.exactTimeSql('r.created_at')} AS sort_key
         FROM reports r JOIN businesses b ON b.id = r.business_id LEFT JOIN users u ON u.id = r.reported_by
        WHERE ${PENDING} AND ${MATCHING} AND ${newestFirst.afterSql('r.created_at', 'r.id', 3)}
        ${newestFirst.orderSql('r.created_at', 'r.id')} LIMIT $5`,
      [...filterParams(filter), ...newestFirst.params(after), limit],
    );
    return rows;
  }

  async countPending(filter: PendingReportsFilter = {}): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM reports r JOIN businesses b ON b.id = r.business_id WHERE ${PENDING} AND ${MATCHING}`,
      filterParams(filter),
    );
    return rows[0].count;
  }

  /** Locks the row for the review transaction. */
  async findForReview(id: number): Promise<{ id: number; business_id: number; status: string } | null> {
    const { rows } = await this.db.query('SELECT id, business_id, status FROM reports WHERE id = $1 FOR UPDATE', [id]);
    return rows[0] ?? null;
  }

  async markReviewed(id: number, status: 'approved' | 'rejected', reviewerId: number): Promise<void> {
    await this.db.query('UPDATE reports SET status = $2, reviewed_by = $3, reviewed_at = now() WHERE id = $1', [id, status, reviewerId]);
  }

  /**
   * Writes how the reviewed report ended on its reporter's record. An approval upholds every report then pending on
   * the business as well: they leave with it, unreviewed, and their reporters were right.
   */
  async recordOutcome(reportId: number, businessId: number, status: 'approved' | 'rejected'): Promise<void> {
    if (status === 'rejected') {
      await this.db.query(
        `INSERT INTO report_outcomes (report_id, reporter_id, outcome)
         SELECT id, reported_by, 'rejected' FROM reports WHERE id = $1 AND reported_by IS NOT NULL
         ON CONFLICT (report_id) DO NOTHING`,
        [reportId],
      );
      return;
    }
    await this.db.query(
      `INSERT INTO report_outcomes (report_id, reporter_id, outcome)
       SELECT id, reported_by, 'upheld' FROM reports
        WHERE business_id = $2 AND (id = $1 OR status = 'pending') AND reported_by IS NOT NULL
       ON CONFLICT (report_id) DO NOTHING`,
      [reportId, businessId],
    );
  }
}
