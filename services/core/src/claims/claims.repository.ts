import type { Claim } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface ClaimRow {
  id: number;
  business_id: number;
  user_id: number;
  status: Claim['status'];
}

/** Members' claims to own a business. */
export class ClaimsRepository {
  constructor(private readonly db: Queryable) {}

  /** The new claim's id; null when the member already has a pending claim on the business. */
  async insert(businessId: number, userId: number, evidence: string, emailDomainMatches: boolean): Promise<number | null> {
    const { rows } = await this.db.query<{ id: number }>(
      `INSERT INTO owner_claims (business_id, user_id, evidence, email_domain_matches) VALUES ($1, $2, $3, $4)
       ON CONFLICT (business_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
      [businessId, userId, evidence, emailDomainMatches],
    );
    return rows[0]?.id ?? null;
  }

  /** The claim, locked until the transaction ends. */
  async findForUpdate(id: number): Promise<ClaimRow | null> {
    const { rows } = await this.db.query<ClaimRow>('SELECT id, business_id, user_id, status FROM owner_claims WHERE id = $1 FOR UPDATE', [id]);
    return rows[0] ?? null;
  }

  async decide(id: number, status: 'approved' | 'rejected', adminId: number): Promise<void> {
    await this.db.query('UPDATE owner_claims SET status = $2, reviewed_by = $3, reviewed_at = now() WHERE id = $1', [id, status, adminId]);
  }

  /** Rejects the business's other pending claims once one is approved; their ids. */
  async rejectOthers(businessId: number, approvedId: number, adminId: number): Promise<number[]> {
    const { rows } = await this.db.query<{ id: number }>(
      `UPDATE owner_claims SET status = 'rejected', reviewed_by = $3, reviewed_at = now()
        WHERE business_id = $1 AND id <> $2 AND status = 'pending' RETURNING id`,
      [businessId, approvedId, adminId],
    );
    return rows.map((row) => row.id);
  }

  /** The claimant becomes the owner, and the ownership counts as claimed ('Managed by its owner'). */
  async makeOwner(businessId: number, userId: number): Promise<void> {
    await this.db.query(
      'UPDATE businesses SET owner_id = $2, owner_claimed_at = now(), owner_reminded_at = NULL, owner_confirmed_at = NULL WHERE id = $1',
      [businessId, userId],
    );
  }

  /**
   * Pending claims after `afterId`, oldest first, of businesses whose name holds `search` when given. The domain hint
   * holds only once the member's address is confirmed.
   */
  async pending(afterId: number, limit: number, search?: string): Promise<Claim[]> {
    const { rows } = await this.db.query<Claim>(
      `SELECT c.id, json_build_object('id', b.id, 'name', b.name, 'website', b.website) AS business,
              json_build_object('id', u.id, 'username', u.username, 'email', u.email) AS member,
              c.evidence, c.email_domain_matches AND u.email_confirmed_at IS NOT NULL AS email_domain_matches, c.status, ${ISO('c.created_at')} AS created_at
         FROM owner_claims c JOIN businesses b ON b.id = c.business_id JOIN users u ON u.id = c.user_id
        WHERE c.status = 'pending' AND c.id > $1 AND ${nameHoldsSql('b', '$3')}
        ORDER BY c.id LIMIT $2`,
      [afterId, limit, nameSearchParam(search)],
    );
    return rows;
  }

  async countPending(search?: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM owner_claims c JOIN businesses b ON b.id = c.business_id
        WHERE c.status = 'pending' AND ${nameHoldsSql('b', '$1')}`,
      [nameSearchParam(search)],
    );
    return rows[0].count;
  }
}
