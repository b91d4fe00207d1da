import type { Queryable } from '../db/pool';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The settings of the rule: this many accounts, younger than this, within this window. */
export interface BurstSettings {
  windowMinutes: number;
  accounts: number;
  accountAgeDays: number;
}

export interface ActivePause {
  id: number;
  business_id: number;
  reason: 'burst';
  since: string;
  window_start: string;
  account_age_days: number;
}

/**
 * An action `a` (joined to its account `u`) taken while the account was younger than the age in `ageParam` (days):
 * the age counts when it acted, as for confirmations' brigading rule.
 */
const byNewAccount = (action: string, ageParam: string) => `${action}.created_at < u.created_at + make_interval(days => ${ageParam})`;

/**
 * What counts towards a burst on business $1, since `$from`: downvotes, reports, and 'Closed' or 'No longer
 * supportive' answers, each with its account and time. Each branch reads the business's rows of the window from an
 * index on (business_id, created_at).
 */
const actionsAgainst = (from: string) => `
  SELECT v.user_id, v.created_at FROM votes v WHERE v.business_id = $1 AND v.vote_type = 'downvote' AND v.created_at > ${from}
  UNION ALL
  SELECT r.reported_by, r.created_at FROM reports r WHERE r.business_id = $1 AND r.created_at > ${from}
  UNION ALL
  SELECT c.user_id, c.created_at FROM confirmations c WHERE c.business_id = $1 AND c.answer <> 'Yes' AND c.created_at > ${from}`;

/** Pauses of businesses, and the votes and reports they hold. */
export class ProtectionRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Serialises, until the transaction ends, new accounts' writes on one business with the burst check: two writes
   * at once cannot both miss the pause, nor start two, and no vote lands unseen while one starts.
   */
  async lockBusiness(businessId: number): Promise<void> {
    await this.db.query("SELECT pg_advisory_xact_lock(hashtext('business-protection'), $1)", [businessId]);
  }

  /** Whether the account is younger than `accountAgeDays` now. */
  async isNewAccount(userId: number, accountAgeDays: number): Promise<boolean> {
    const { rows } = await this.db.query<{ new: boolean }>('SELECT created_at > now() - make_interval(days => $2) AS new FROM users WHERE id = $1', [
      userId,
      accountAgeDays,
    ]);
    return rows[0]?.new ?? false;
  }

  async active(businessId: number): Promise<ActivePause | null> {
    const { rows } = await this.db.query<ActivePause>(
      `SELECT id, business_id, reason, ${ISO('since')} AS since, ${ISO('window_start')} AS window_start, account_age_days
         FROM business_pauses WHERE business_id = $1 AND lifted_at IS NULL`,
      [businessId],
    );
    return rows[0] ?? null;
  }

  /**
   * Pauses the business when at least `accounts` different accounts, each younger than the age when it acted, acted
   * against it within the window (and since its last pause was lifted: those accounts were judged then). Null when
   * the threshold is not met or the business is already paused.
   */
  async pauseIfBurst(businessId: number, settings: BurstSettings): Promise<ActivePause | null> {
    const { rows } = await this.db.query<ActivePause>(
      `WITH window_start AS (
         SELECT greatest(now() - make_interval(mins => $2),
                         coalesce((SELECT max(lifted_at) FROM business_pauses WHERE business_id = $1 AND lifted_at IS NOT NULL), '-infinity')) AS at
       ), burst AS (
         SELECT count(DISTINCT a.user_id) AS accounts
           FROM (${actionsAgainst('(SELECT at FROM window_start)')}) a JOIN users u ON u.id = a.user_id
          WHERE ${byNewAccount('a', '$3')}
       )
       INSERT INTO business_pauses (business_id, reason, window_start, account_age_days)
       SELECT $1, 'burst', (SELECT at FROM window_start), $3 FROM burst WHERE burst.accounts >= $4
       ON CONFLICT (business_id) WHERE lifted_at IS NULL DO NOTHING
       RETURNING id, business_id, reason, ${ISO('since')} AS since, ${ISO('window_start')} AS window_start, account_age_days`,
      [businessId, settings.windowMinutes, settings.accountAgeDays, settings.accounts],
    );
    return rows[0] ?? null;
  }

  /** Sets aside the votes new accounts gave the business within the pause's window: they leave its totals (the trigger). */
  async setAsideVotes(pause: ActivePause): Promise<number> {
    const { rowCount } = await this.db.query(
      `UPDATE votes v SET set_aside_by = $2 FROM users u
        WHERE u.id = v.user_id AND v.business_id = $1 AND v.set_aside_by IS NULL AND v.created_at > $3 AND ${byNewAccount('v', '$4')}`,
      [pause.business_id, pause.id, pause.window_start, pause.account_age_days],
    );
    return rowCount ?? 0;
  }

  /** Marks the pending reports new accounts made on the business since the pause's window began as part of it. */
  async markReports(pause: ActivePause): Promise<number> {
    const { rowCount } = await this.db.query(
      `UPDATE reports r SET burst_id = $2 FROM users u
        WHERE u.id = r.reported_by AND r.business_id = $1 AND r.status = 'pending' AND r.burst_id IS NULL
          AND r.created_at > $3 AND ${byNewAccount('r', '$4')}`,
      [pause.business_id, pause.id, pause.window_start, pause.account_age_days],
    );
    return rowCount ?? 0;
  }
}
