import type { Queryable } from '../db/pool';

export interface ResetCodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  /** The code, sealed (AES-256-GCM); null for codes made before it was kept. */
  code_sealed: string | null;
}

export class ResetCodesRepository {
  constructor(private readonly db: Queryable) {}

  /** A new code replaces every earlier one of the user. */
  async replace(userId: number, codeHash: string, ttlMinutes: number, codeSealed: string | null = null): Promise<void> {
    await this.db.query('DELETE FROM reset_codes WHERE user_id = $1', [userId]);
    await this.db.query(
      'INSERT INTO reset_codes (user_id, code_hash, expires_at, code_sealed) VALUES ($1, $2, now() + make_interval(mins => $3), $4)',
      [userId, codeHash, ttlMinutes, codeSealed],
    );
  }

  /** The live code, locked for this transaction. */
  async findLive(userId: number, maxAttempts: number): Promise<ResetCodeRow | null> {
    const { rows } = await this.db.query<ResetCodeRow>(
      `SELECT id, code_hash, attempts, code_sealed FROM reset_codes
        WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [userId, maxAttempts],
    );
    return rows[0] ?? null;
  }

  async recordWrongTry(id: number): Promise<void> {
    await this.db.query('UPDATE reset_codes SET attempts = attempts + 1 WHERE id = $1', [id]);
  }

  async markUsed(id: number): Promise<void> {
    await this.db.query('UPDATE reset_codes SET used_at = now() WHERE id = $1', [id]);
  }
}
