import type { Queryable } from '../db/pool';

export interface TotpRow {
  secret_sealed: string | null;
  pending_secret_sealed: string | null;
  enabled_at: Date | null;
  last_step: string | null;
}

/** A member's TOTP secret (sealed), its setup in progress, and the recovery codes' hashes. */
export class SecondFactorRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: number): Promise<TotpRow | null> {
    const { rows } = await this.db.query<TotpRow>(
      'SELECT secret_sealed, pending_secret_sealed, enabled_at, last_step FROM user_totp WHERE user_id = $1',
      [userId],
    );
    return rows[0] ?? null;
  }

  /** A new setup replaces any earlier one not yet confirmed; an enabled secret is left as it is. */
  async savePending(userId: number, pendingSecretSealed: string): Promise<void> {
    await this.db.query(
      `INSERT INTO user_totp (user_id, pending_secret_sealed) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET pending_secret_sealed = EXCLUDED.pending_secret_sealed`,
      [userId, pendingSecretSealed],
    );
  }

  /** Turns the pending secret on (only if it is still the one checked), with the step of the code that confirmed it. */
  async enable(userId: number, pendingSecretSealed: string, step: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE user_totp SET secret_sealed = pending_secret_sealed, pending_secret_sealed = NULL, enabled_at = now(), last_step = $3
        WHERE user_id = $1 AND pending_secret_sealed = $2 AND enabled_at IS NULL`,
      [userId, pendingSecretSealed, step],
    );
    return rowCount === 1;
  }

  /** Records a code's step as used; false when that step or a later one was used already (a replay). */
  async useStep(userId: number, step: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE user_totp SET last_step = $2 WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)',
      [userId, step],
    );
    return rowCount === 1;
  }

  async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
    await this.db.query('DELETE FROM totp_recovery_codes WHERE user_id = $1', [userId]);
    await this.db.query('INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, codeHashes]);
  }

  /** Spends an unused recovery code, given its hash under each session secret; false when it is unknown or spent. */
  async spendRecoveryCode(userId: number, codeHashes: readonly string[]): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE totp_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = ANY($2::text[]) AND used_at IS NULL',
      [userId, codeHashes],
    );
    return (rowCount ?? 0) > 0;
  }

  async remove(userId: number): Promise<void> {
    await this.db.query('DELETE FROM totp_recovery_codes WHERE user_id = $1', [userId]);
    await this.db.query('DELETE FROM user_totp WHERE user_id = $1', [userId]);
  }
}
