import type { ConfirmationAnswer } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface ConfirmationCounts {
  confirmed_by: number;
  latest_confirmed_at: string | null;
}

export interface OwnAnswer {
  answer: ConfirmationAnswer;
  answered_at: string;
}

/** What a re-check by members takes: this many different members, within the window, with accounts this old. */
export interface RecheckThreshold {
  answers: number;
  windowDays: number;
  accountAgeDays: number;
}

/** Members' answers to 'Still open and still supportive?'. */
export class ConfirmationsRepository {
  constructor(private readonly db: Queryable) {}

  /** Serialises the answers on one business until the transaction ends, so that limits and thresholds count exactly. */
  async lockBusiness(businessId: number): Promise<void> {
    await this.db.query("SELECT pg_advisory_xact_lock(hashtext('confirmations'), $1)", [businessId]);
  }

  async latestAnswerOf(businessId: number, userId: number, withinDays: number): Promise<OwnAnswer | null> {
    const { rows } = await this.db.query<OwnAnswer>(
      `SELECT answer, ${ISO('created_at')} AS answered_at FROM confirmations
        WHERE business_id = $1 AND user_id = $2 AND created_at > now() - make_interval(days => $3)
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [businessId, userId, withinDays],
    );
    return rows[0] ?? null;
  }

  async insert(businessId: number, userId: number, answer: ConfirmationAnswer): Promise<void> {
    await this.db.query('INSERT INTO confirmations (business_id, user_id, answer) VALUES ($1, $2, $3)', [businessId, userId, answer]);
  }

  /**
   * Puts the business in Re-checks when enough different members, whose accounts were old enough when they
   * answered, said 'Closed' or 'No longer supportive' within the window and since the admins' last decision.
   */
  async flagIfThresholdMet(businessId: number, threshold: RecheckThreshold): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE businesses b SET flagged_at = now()
        WHERE b.id = $1 AND b.flagged_at IS NULL
          AND (SELECT count(DISTINCT c.user_id) FROM confirmations c JOIN users u ON u.id = c.user_id
                WHERE c.business_id = b.id AND c.answer <> 'Yes'
                  AND c.created_at > now() - make_interval(days => $3)
                  AND c.created_at >= u.created_at + make_interval(days => $4)
                  AND c.created_at > coalesce((SELECT max(v.created_at) FROM verifications v WHERE v.business_id = b.id), '-infinity')
              ) >= $2`,
      [businessId, threshold.answers, threshold.windowDays, threshold.accountAgeDays],
    );
    return rowCount === 1;
  }

  async counts(businessId: number, windowDays: number): Promise<ConfirmationCounts> {
    const { rows } = await this.db.query<ConfirmationCounts>(
      `SELECT count(DISTINCT user_id)::int AS confirmed_by, ${ISO('max(created_at)')} AS latest_confirmed_at
         FROM confirmations WHERE business_id = $1 AND answer = 'Yes' AND created_at > now() - make_interval(days => $2)`,
      [businessId, windowDays],
    );
    return rows[0];
  }
}
