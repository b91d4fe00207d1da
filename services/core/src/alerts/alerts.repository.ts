import type { Alert, Language } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

export interface AlertFilters {
  city: string | null;
  category: string | null;
  search: string | null;
  verified: boolean | null;
  open_now: boolean;
  alternative_to: string | null;
  palestinian_product: string | null;
}

export interface AlertRow extends AlertFilters {
  id: number;
  new_since: Date;
  alternative_to_name: string | null;
  palestinian_product_name: string | null;
}

/** A member whose alerts are due today, with the moment their new businesses are counted up to. */
export interface DueMember {
  id: number;
  email: string;
  name: string;
  language: Language | null;
  until: Date;
}

/** The brand's and the product type's names, for an alert in words (a slug of neither matches nothing, as on /browse). */
const TAG_NAMES = `(SELECT name FROM brands WHERE slug = alerts.alternative_to) AS alternative_to_name,
  (SELECT name FROM product_types WHERE slug = alerts.palestinian_product) AS palestinian_product_name`;
const ALERT_COLUMNS = `id, city, category, search, verified, open_now, alternative_to, palestinian_product, ${TAG_NAMES}, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;
const NOT_MAILED_TODAY = `(u.alerts_mailed_on IS NULL OR u.alerts_mailed_on < ${TODAY})`;
/** An unconfirmed address gets no alert mail; its alerts wait, unchanged, until it is confirmed. */
const DUE = `${NOT_MAILED_TODAY} AND u.email_confirmed_at IS NOT NULL`;

/** Members' alerts and the day their last alert mail went. */
export class AlertsRepository {
  constructor(private readonly db: Queryable) {}

  async listForMember(userId: number): Promise<Alert[]> {
    const { rows } = await this.db.query<Alert>(`SELECT ${ALERT_COLUMNS} FROM alerts WHERE user_id = $1 ORDER BY id`, [userId]);
    return rows;
  }

  /**
   * Holds the member's row until the transaction ends, so two saves at once count each other's alerts. Answers whether
   * the member's email address is confirmed (alerts are mailed only to a confirmed address).
   */
  async lockMember(userId: number): Promise<{ emailConfirmed: boolean }> {
    const { rows } = await this.db.query<{ confirmed: boolean }>(
      'SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    return { emailConfirmed: rows[0]?.confirmed ?? false };
  }

  async countForMember(userId: number): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM alerts WHERE user_id = $1', [userId]);
    return rows[0].count;
  }

  /** The new alert; null when the member already has one for these filters. */
  async insert(userId: number, filters: AlertFilters): Promise<Alert | null> {
    const { rows } = await this.db.query<Alert>(
      `INSERT INTO alerts (user_id, city, category, search, verified, open_now, alternative_to, palestinian_product)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING ${ALERT_COLUMNS}`,
      [
        userId,
        filters.city,
        filters.category,
        filters.search,
        filters.verified,
        filters.open_now,
        filters.alternative_to,
        filters.palestinian_product,
      ],
    );
    return rows[0] ?? null;
  }

  async deleteOwn(id: number, userId: number): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM alerts WHERE id = $1 AND user_id = $2', [id, userId]);
    return (rowCount ?? 0) > 0;
  }

  /** The alerts whose 'Alternative to…' or 'Palestinian products' is a brand or product type being deleted. */
  async deleteFollowing(tag: { alternativeTo: string } | { palestinianProduct: string }): Promise<number> {
    const { rowCount } =
      'alternativeTo' in tag
        ? await this.db.query('DELETE FROM alerts WHERE alternative_to = $1', [tag.alternativeTo])
        : await this.db.query('DELETE FROM alerts WHERE palestinian_product = $1', [tag.palestinianProduct]);
    return rowCount ?? 0;
  }

  async deleteByIds(ids: readonly number[]): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM alerts WHERE id = ANY($1::int[])', [ids]);
    return rowCount ?? 0;
  }

  /** Up to `limit` members with a confirmed address, alerts and no alert mail today, after `afterUserId`, by id (the daily job's pages). */
  async membersDue(afterUserId: number, limit: number): Promise<number[]> {
    const { rows } = await this.db.query<{ id: number }>(
      `SELECT u.id FROM users u
        WHERE u.id > $1 AND ${DUE} AND EXISTS (SELECT 1 FROM alerts a WHERE a.user_id = u.id)
        ORDER BY u.id LIMIT $2`,
      [afterUserId, limit],
    );
    return rows.map((row) => row.id);
  }

  /** The member, locked, if no alert mail went to them today (another run holding them: null, SKIP LOCKED). */
  async takeMember(userId: number): Promise<DueMember | null> {
    const { rows } = await this.db.query<DueMember>(
      `SELECT u.id, u.email, u.name, u.language, now() AS until FROM users u WHERE u.id = $1 AND ${DUE} FOR UPDATE SKIP LOCKED`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async alertsOf(userId: number): Promise<AlertRow[]> {
    const { rows } = await this.db.query<AlertRow>(
      `SELECT id, city, category, search, verified, open_now, alternative_to, palestinian_product, ${TAG_NAMES}, new_since
         FROM alerts WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return rows;
  }

  /** Today's mail is going: no other today, and the member's alerts count new businesses from `until` on. */
  async markMailed(userId: number, until: Date): Promise<void> {
    await this.db.query(`UPDATE users SET alerts_mailed_on = ${TODAY} WHERE id = $1`, [userId]);
    await this.db.query('UPDATE alerts SET new_since = $2 WHERE user_id = $1', [userId, until]);
  }
}
