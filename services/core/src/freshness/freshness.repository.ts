import type { Language } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

/** A claimed owner whose freshness reminder is due, with the business it is for. */
export interface DueOwner {
  business_id: number;
  business_name: string;
  user_id: number;
  email: string;
  name: string;
  language: Language | null;
}

export interface FreshnessTokenRow {
  id: number;
  business_id: number;
  user_id: number;
  expired: boolean;
  used: boolean;
  /** The token's member is still the business's claimed owner. */
  still_owner: boolean;
}

/** Owners' freshness reminders, their one-click tokens and the confirmations they record. */
export class FreshnessRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Takes up to `limit` claimed owners with a confirmed address (an unconfirmed one stays due until it is
   * confirmed) whose approval or last reminder is at least `months` old, oldest first, and marks them reminded now,
   * so that a re-run (or another worker: SKIP LOCKED) does not take them again.
   */
  async takeDue(months: number, limit: number): Promise<DueOwner[]> {
    const { rows } = await this.db.query<DueOwner>(
      `WITH due AS (
         SELECT b.id FROM businesses b JOIN users o ON o.id = b.owner_id
          WHERE b.owner_claimed_at IS NOT NULL AND o.email_confirmed_at IS NOT NULL
            AND coalesce(b.owner_reminded_at, b.owner_claimed_at) <= now() - make_interval(months => $1)
            AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')
          ORDER BY coalesce(b.owner_reminded_at, b.owner_claimed_at), b.id
          LIMIT $2 FOR UPDATE OF b SKIP LOCKED)
       UPDATE businesses b SET owner_reminded_at = now() FROM due, users u
        WHERE b.id = due.id AND u.id = b.owner_id
       RETURNING b.id AS business_id, b.name AS business_name, u.id AS user_id, u.email, u.name, u.language`,
      [months, limit],
    );
    return rows;
  }

  async insertToken(tokenHash: string, businessId: number, userId: number, validDays: number): Promise<void> {
    await this.db.query(
      `INSERT INTO freshness_tokens (token_hash, business_id, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
      [tokenHash, businessId, userId, validDays],
    );
  }

  /** The token, locked until the transaction ends. */
  async findToken(tokenHash: string): Promise<FreshnessTokenRow | null> {
    const { rows } = await this.db.query<FreshnessTokenRow>(
      `SELECT t.id, t.business_id, t.user_id, t.expires_at <= now() AS expired, t.used_at IS NOT NULL AS used,
              (b.owner_id = t.user_id AND b.owner_claimed_at IS NOT NULL) AS still_owner
         FROM freshness_tokens t JOIN businesses b ON b.id = t.business_id
        WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Uses the token and records the owner's confirmation; when it was recorded. */
  async confirm(token: FreshnessTokenRow): Promise<Date> {
    await this.db.query('UPDATE freshness_tokens SET used_at = now() WHERE id = $1', [token.id]);
    await this.db.query('INSERT INTO owner_confirmations (business_id, user_id, token_id) VALUES ($1, $2, $3)', [
      token.business_id,
      token.user_id,
      token.id,
    ]);
    const { rows } = await this.db.query<{ confirmed_at: Date }>(
      'UPDATE businesses SET owner_confirmed_at = now() WHERE id = $1 RETURNING owner_confirmed_at AS confirmed_at',
      [token.business_id],
    );
    return rows[0].confirmed_at;
  }
}
