import type { Queryable } from '../db/pool';

/** A key as stored: never the key, its hash only. */
export interface PartnerKeyRow {
  id: number;
  partner_name: string;
  key_prefix: string;
  requests_per_minute: number;
  created_at: Date;
  revoked_at: Date | null;
}

const COLUMNS = 'id, partner_name, key_prefix, requests_per_minute, created_at, revoked_at';

/** Partners' API keys (partner_keys, migration 1700000000039). */
export class PartnerKeysRepository {
  constructor(private readonly db: Queryable) {}

  async insert(key: { partnerName: string; hash: Buffer; prefix: string; requestsPerMinute: number; createdBy: number }): Promise<PartnerKeyRow> {
    const { rows } = await this.db.query<PartnerKeyRow>(
      `INSERT INTO partner_keys (partner_name, key_hash, key_prefix, requests_per_minute, created_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [key.partnerName, key.hash, key.prefix, key.requestsPerMinute, key.createdBy],
    );
    return rows[0];
  }

  /** The key whose hash this is, unless it is revoked. */
  async findActiveByHash(hash: Buffer): Promise<PartnerKeyRow | null> {
    const { rows } = await this.db.query<PartnerKeyRow>(`SELECT ${COLUMNS} FROM partner_keys WHERE key_hash = $1 AND revoked_at IS NULL`, [hash]);
    return rows[0] ?? null;
  }

  async list(afterId: number, limit: number): Promise<PartnerKeyRow[]> {
    const { rows } = await this.db.query<PartnerKeyRow>(`SELECT ${COLUMNS} FROM partner_keys WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit]);
    return rows;
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM partner_keys');
    return rows[0].count;
  }

  /** Revokes the key (a revoked one keeps its first revocation); null when there is no such key. */
  async revoke(id: number): Promise<PartnerKeyRow | null> {
    const { rows } = await this.db.query<PartnerKeyRow>(
      `UPDATE partner_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0] ?? null;
  }
}
