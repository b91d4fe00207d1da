import type { Report } from '@zaytoon/contract';
import { newestFirst, type NewestFirstKey } from '../db/keyset-page';
import type { Queryable } from '../db/pool';

const REPORT_COLUMNS = `r.id, r.business_id, b.name AS business_name, r.reason, r.description, r.reported_by,
  u.username AS reporter_username, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  r.burst_id IS NOT NULL AS part_of_burst`;

// Reports about a business whose removal was approved are gone with it, even before the cascade job runs.
const PENDING = `r.status = 'pending' AND NOT EXISTS (SELECT 1 FROM reports a WHERE a.business_id = r.business_id AND a.status = 'approved')`;

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

  /** Pending reports newest first, after the report of key `after` when given. */
  async pendingPage(after: NewestFirstKey | undefined, limit: number): Promise<(Report & { sort_key: string })[]> {
    const { rows } = await this.db.query<Report & { sort_key: string }>(
      `SELECT ${REPORT_COLUMNS}, ${newestFirst.exactTimeSql('r.created_at')} AS sort_key
         FROM reports r JOIN businesses b ON b.id = r.business_id LEFT JOIN users u ON u.id = r.reported_by
        WHERE ${PENDING} AND ${newestFirst.afterSql('r.created_at', 'r.id', 1)}
        ${newestFirst.orderSql('r.created_at', 'r.id')} LIMIT $3`,
      [...newestFirst.params(after), limit],
    );
    return rows;
  }

  async countPending(): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM reports r WHERE ${PENDING}`);
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
}
