import type { Language } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

export interface UserRow {
  id: number;
  email: string;
  username: string;
  name: string;
  password_hash: string;
  picture: string | null;
  is_admin: boolean;
  reset_failures_in_row: number;
  reset_locked_until: Date | null;
  created_at: Date;
  /** Bumped by a password change or reset: sessions logged in under an older generation are over. */
  session_generation: number;
  language: Language | null;
  /** Whether a second factor (TOTP) is on. */
  totp_enabled: boolean;
  /** When the member confirmed their address with the mailed link; null: not confirmed. */
  email_confirmed_at: Date | null;
}

const USER_COLUMNS =
  'id, email, username, name, password_hash, picture, is_admin, reset_failures_in_row, reset_locked_until, created_at, session_generation, language, email_confirmed_at, ' +
  'EXISTS (SELECT 1 FROM user_totp WHERE user_totp.user_id = users.id AND user_totp.enabled_at IS NOT NULL) AS totp_enabled';

export class UsersRepository {
  constructor(private readonly db: Queryable) {}

  async setLanguage(id: number, language: Language): Promise<UserRow | null> {
    const { rows } = await this.db.query<UserRow>(`UPDATE users SET language = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [id, language]);
    return rows[0] ?? null;
  }

  async findById(id: number): Promise<UserRow | null> {
    const { rows } = await this.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Email or username, case-insensitive. When one user's email and another's username both match, the email match
   * is found unless `preferEmail` is false. `forUpdate` locks the row until the transaction ends.
   */
  async findByLogin(login: string, options: { preferEmail?: boolean; forUpdate?: boolean } = {}): Promise<UserRow | null> {
    const { rows } = await this.db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($1)
       ORDER BY ((lower(email) = lower($1)) = $2) DESC LIMIT 1${options.forUpdate ? ' FOR UPDATE' : ''}`,
      [login, options.preferEmail ?? true],
    );
    return rows[0] ?? null;
  }

  async emailOrUsernameTaken(email: string, username: string): Promise<{ email: boolean; username: boolean }> {
    const { rows } = await this.db.query<{ email: boolean; username: boolean }>(
      `SELECT coalesce(bool_or(lower(email) = lower($1)), false) AS email,
              coalesce(bool_or(lower(username) = lower($2)), false) AS username
         FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($2)`,
      [email, username],
    );
    return rows[0];
  }

  async insert(user: { email: string; username: string; name: string; passwordHash: string; isAdmin?: boolean }): Promise<UserRow> {
    const { rows } = await this.db.query<UserRow>(
      `INSERT INTO users (email, username, name, password_hash, is_admin) VALUES ($1, $2, $3, $4, $5) RETURNING ${USER_COLUMNS}`,
      [user.email, user.username, user.name, user.passwordHash, user.isAdmin ?? false],
    );
    return rows[0];
  }

  /** Sets the hash and starts a new session generation; returns it. */
  async updatePasswordHash(id: number, passwordHash: string): Promise<number> {
    const { rows } = await this.db.query<{ session_generation: number }>(
      'UPDATE users SET password_hash = $2, session_generation = session_generation + 1 WHERE id = $1 RETURNING session_generation',
      [id, passwordHash],
    );
    return rows[0]?.session_generation ?? 0;
  }

  /** Replaces a hash whose password was just verified, unless it changed meanwhile; sessions stay. */
  async rehashPassword(id: number, verifiedHash: string, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [id, verifiedHash, passwordHash]);
  }

  async updatePicture(id: number, picture: string | null): Promise<void> {
    await this.db.query('UPDATE users SET picture = $2 WHERE id = $1', [id, picture]);
  }

  async setAdmin(id: number, isAdmin: boolean): Promise<void> {
    await this.db.query('UPDATE users SET is_admin = $2 WHERE id = $1', [id, isAdmin]);
  }

  async recordResetFailure(id: number, failuresBeforeLock: number, lockHours: number): Promise<void> {
    await this.db.query(
      `UPDATE users SET reset_failures_in_row = reset_failures_in_row + 1,
              reset_locked_until = CASE WHEN reset_failures_in_row + 1 >= $2 THEN now() + make_interval(hours => $3) ELSE reset_locked_until END
        WHERE id = $1`,
      [id, failuresBeforeLock, lockHours],
    );
  }

  async clearResetFailures(id: number): Promise<void> {
    await this.db.query('UPDATE users SET reset_failures_in_row = 0, reset_locked_until = NULL WHERE id = $1', [id]);
  }

  /** Comments go with the user (FK cascade); pending suggestions are removed here; businesses and votes keep a NULL owner. */
  async deleteAccount(id: number): Promise<void> {
    await this.db.query("DELETE FROM suggestions WHERE user_id = $1 AND status = 'pending'", [id]);
    await this.db.query('DELETE FROM users WHERE id = $1', [id]);
  }
}
