import { PAGING, type Language, type PausedBusiness } from '@zaytoon/contract';
import { newestFirst, type NewestFirstKey } from '../db/keyset-page';
import type { Queryable } from '../db/pool';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The settings of the rule: this many accounts, younger than this, within this window. */
export interface BurstSettings {
  windowMinutes: number;
  accounts: number;
  accountAgeDays: number;
}

export interface PauseOwner {
  email: string;
  name: string;
  language: Language | null;
  business_name: string;
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

  /** The business's owner, to be mailed of a pause: only an owner whose email address is confirmed gets owner mails. */
  async ownerToMail(businessId: number): Promise<PauseOwner | null> {
    const { rows } = await this.db.query<PauseOwner>(
      `SELECT u.email, u.name, u.language, b.name AS business_name FROM businesses b JOIN users u ON u.id = b.owner_id
        WHERE b.id = $1 AND u.email_confirmed_at IS NOT NULL`,
      [businessId],
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

  /** One page of the running pauses, newest first, each with its burst's accounts (the first 50) and set-aside votes. */
  async pausedPage(after: NewestFirstKey | undefined, limit: number, search?: string): Promise<(PausedBusiness & { sort_key: string })[]> {
    const { rows } = await this.db.query<PausedBusiness & { sort_key: string }>(
      `SELECT p.id, json_build_object('id', b.id, 'name', b.name, 'city', b.city) AS business, ${ISO('p.since')} AS since, p.reason,
              (SELECT count(*)::int FROM votes v WHERE v.set_aside_by = p.id) AS set_aside_votes, p.votes_decision,
              (SELECT coalesce(json_agg(json_build_object('username', acc.username, 'account_created_at', acc.account_created_at,
                                                          'account_age_days', acc.account_age_days, 'actions', acc.actions)
                                        ORDER BY acc.first_at, acc.username), '[]'::json)
                 FROM (SELECT u.username, ${ISO('u.created_at')} AS account_created_at,
                              floor(extract(epoch FROM now() - u.created_at) / 86400)::int AS account_age_days, min(a.created_at) AS first_at,
                              json_agg(json_build_object('action', a.action, 'detail', a.detail, 'at', ${ISO('a.created_at')}) ORDER BY a.created_at) AS actions
                         FROM (${burstActions('p')}) a JOIN users u ON u.id = a.user_id
                        WHERE a.n <= ${BURST_ACTIONS_READ} AND ${byNewAccount('a', 'p.account_age_days')}
                        GROUP BY u.id ORDER BY min(a.created_at), u.id LIMIT 50) acc) AS accounts,
              EXISTS (SELECT 1 FROM (${burstActions('p')}) a WHERE a.n > ${BURST_ACTIONS_READ}) AS more_actions,
              ${newestFirst.exactTimeSql('p.since')} AS sort_key
         FROM business_pauses p JOIN businesses b ON b.id = p.business_id
        WHERE p.lifted_at IS NULL AND ${newestFirst.afterSql('p.since', 'p.id', 1)} AND ${nameHoldsSql('b', '$4')}
        ${newestFirst.orderSql('p.since', 'p.id')} LIMIT $3`,
      [...newestFirst.params(after), limit, nameSearchParam(search)],
    );
    return rows;
  }

  async countPaused(search?: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM business_pauses p JOIN businesses b ON b.id = p.business_id
        WHERE p.lifted_at IS NULL AND ${nameHoldsSql('b', '$1')}`,
      [nameSearchParam(search)],
    );
    return rows[0].count;
  }

  /** The burst's set-aside votes count again (the trigger adds them back to the totals). */
  async keepVotes(pauseId: number): Promise<number> {
    const { rowCount } = await this.db.query('UPDATE votes SET set_aside_by = NULL WHERE set_aside_by = $1', [pauseId]);
    return rowCount ?? 0;
  }

  /** The burst's set-aside votes are removed (they were never in the totals). */
  async discardVotes(pauseId: number): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM votes WHERE set_aside_by = $1', [pauseId]);
    return rowCount ?? 0;
  }

  async recordVotesDecision(pauseId: number, decision: 'kept' | 'discarded'): Promise<void> {
    await this.db.query('UPDATE business_pauses SET votes_decision = $2 WHERE id = $1', [pauseId, decision]);
  }

  async lift(pauseId: number, adminId: number): Promise<void> {
    await this.db.query('UPDATE business_pauses SET lifted_at = now(), lifted_by = $2 WHERE id = $1', [pauseId, adminId]);
  }
}

/**
 * The admins read this many of each kind of action (votes, reports, answers) since a pause's window began, the
 * earliest first: the burst that paused it is among them, and a busy business's later actions cost nothing.
 */
const BURST_ACTIONS_READ = PAGING.burstActionsRead;

/**
 * What was done to pause `p`'s business since its window began, as the admins see it: the first BURST_ACTIONS_READ + 1
 * of each kind, each numbered (`n`) within its kind, from the kind's index on (business_id, created_at). Only those
 * numbered up to BURST_ACTIONS_READ are shown; one more says the list was cut.
 */
const burstActions = (pause: string) => {
  const firstOfKind = (select: string, from: string) =>
    `SELECT kind.*, row_number() OVER (ORDER BY kind.created_at) AS n FROM (
       SELECT ${select} FROM ${from} WHERE x.business_id = ${pause}.business_id AND x.created_at > ${pause}.window_start
        ORDER BY x.created_at LIMIT ${BURST_ACTIONS_READ + 1}) kind`;
  return `
  ${firstOfKind('x.user_id, x.vote_type AS action, NULL AS detail, x.created_at', 'votes x')}
  UNION ALL
  ${firstOfKind(`x.reported_by AS user_id, 'report' AS action, x.reason AS detail, x.created_at`, 'reports x')}
  UNION ALL
  SELECT * FROM (${firstOfKind(`x.user_id, 'confirmation' AS action, x.answer AS detail, x.created_at`, 'confirmations x')}) answers
   WHERE answers.detail <> 'Yes'`;
};
