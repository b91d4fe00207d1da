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

/** Which answers count: those of the last `windowDays`, from accounts at least `accountAgeDays` old when they answered. */
export interface CountedAnswers {
  windowDays: number;
  accountAgeDays: number;
}

/** What a re-check by members takes: this many different members' counted answers. */
export interface RecheckThreshold extends CountedAnswers {
  answers: number;
}

/**
 * The one rule of which answers count (brigading by new accounts), for 'Confirmed by' and for Re-checks alike: an
 * answer `c` (joined to its member `u`) given within the window, from an account old enough when it answered. The
 * arguments are the SQL parameters holding the window's and the age's days.
 */
const countedAnswer = (window: string, age: string) =>
  `c.created_at > now() - make_interval(days => ${window}) AND c.created_at >= u.created_at + make_interval(days => ${age})`;

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
                WHERE c.business_id = b.id AND c.answer <> 'Yes' AND ${countedAnswer('$3', '$4')}
                  AND c.created_at > coalesce((SELECT max(v.created_at) FROM verifications v WHERE v.business_id = b.id), '-infinity')
              ) >= $2`,
      [businessId, threshold.answers, threshold.windowDays, threshold.accountAgeDays],
    );
    return rowCount === 1;
  }

  /** 'Confirmed by': the counted 'Yes' answers, never the business's owner's own. */
  async counts(businessId: number, counted: CountedAnswers): Promise<ConfirmationCounts> {
    const { rows } = await this.db.query<ConfirmationCounts>(
      `SELECT count(DISTINCT c.user_id)::int AS confirmed_by, ${ISO('max(c.created_at)')} AS latest_confirmed_at
         FROM confirmations c JOIN users u ON u.id = c.user_id JOIN businesses b ON b.id = c.business_id
        WHERE c.business_id = $1 AND c.answer = 'Yes' AND c.user_id IS DISTINCT FROM b.owner_id AND ${countedAnswer('$2', '$3')}`,
      [businessId, counted.windowDays, counted.accountAgeDays],
    );
    return rows[0];
  }
}
