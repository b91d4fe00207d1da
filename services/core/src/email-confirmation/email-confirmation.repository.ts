import type { Queryable } from '../db/pool';

export interface EmailConfirmationTokenRow {
  id: number;
  user_id: number;
  expired: boolean;
  used: boolean;
  /** The member's address is still the one the link was mailed to. */
  same_email: boolean;
}

/** The links that confirm members' email addresses, and the confirmation they record. */
export class EmailConfirmationRepository {
  constructor(private readonly db: Queryable) {}

  /** A new link replaces the member's unused ones: only the newest mail's link works (two at once wait on the member's row). */
  async replaceToken(tokenHash: string, userId: number, email: string, validHours: number): Promise<void> {
    await this.db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    await this.db.query('DELETE FROM email_confirmation_tokens WHERE user_id = $1 AND used_at IS NULL', [userId]);
    await this.db.query(
      `INSERT INTO email_confirmation_tokens (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
      [tokenHash, userId, email, validHours],
    );
  }

  /** The token, locked until the transaction ends. */
  async findToken(tokenHash: string): Promise<EmailConfirmationTokenRow | null> {
    const { rows } = await this.db.query<EmailConfirmationTokenRow>(
      `SELECT t.id, t.user_id, t.expires_at <= now() AS expired, t.used_at IS NOT NULL AS used, lower(u.email) = lower(t.email) AS same_email
         FROM email_confirmation_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Uses the token and confirms the address (a second confirmation keeps the first one's time). */
  async confirm(token: EmailConfirmationTokenRow): Promise<void> {
    await this.db.query('UPDATE email_confirmation_tokens SET used_at = now() WHERE id = $1', [token.id]);
    await this.db.query('UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1', [token.user_id]);
  }
}
