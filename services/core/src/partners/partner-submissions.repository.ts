import type { ValidBusinessInput } from '@zaytoon/contract';
import { nameSearchParam, textHoldsSql } from '../db/name-search';
import type { Queryable } from '../db/pool';

export interface PartnerSubmissionRow {
  id: number;
  partner_key_id: number;
  partner_name: string;
  input: ValidBusinessInput;
  status: 'pending' | 'approved' | 'rejected';
  business_id: number | null;
  created_at: Date;
}

const COLUMNS = 'id, partner_key_id, partner_name, input, status, business_id, created_at';
const SUBMITTED_NAME = `(input->>'name')`;

/** Businesses partners submitted (partner_submissions, migration 1700000000039). */
export class PartnerSubmissionsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(partnerKeyId: number, partnerName: string, input: ValidBusinessInput): Promise<PartnerSubmissionRow> {
    const { rows } = await this.db.query<PartnerSubmissionRow>(
      `INSERT INTO partner_submissions (partner_key_id, partner_name, input) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [partnerKeyId, partnerName, JSON.stringify(input)],
    );
    return rows[0];
  }

  async find(id: number): Promise<PartnerSubmissionRow | null> {
    const { rows } = await this.db.query<PartnerSubmissionRow>(`SELECT ${COLUMNS} FROM partner_submissions WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The submission, locked until the transaction ends: one decision at a time. */
  async lock(id: number): Promise<PartnerSubmissionRow | null> {
    const { rows } = await this.db.query<PartnerSubmissionRow>(`SELECT ${COLUMNS} FROM partner_submissions WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Pending submissions after `afterId`, oldest first, of businesses whose submitted name holds `search` when given
   * (the queue reads its partial index of pending rows, so a search costs what the queue holds).
   */
  async pending(afterId: number, limit: number, search?: string): Promise<PartnerSubmissionRow[]> {
    const { rows } = await this.db.query<PartnerSubmissionRow>(
      `SELECT ${COLUMNS} FROM partner_submissions
        WHERE status = 'pending' AND id > $1 AND ${textHoldsSql(SUBMITTED_NAME, '$3')} ORDER BY id LIMIT $2`,
      [afterId, limit, nameSearchParam(search)],
    );
    return rows;
  }

  async countPending(search?: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM partner_submissions WHERE status = 'pending' AND ${textHoldsSql(SUBMITTED_NAME, '$1')}`,
      [nameSearchParam(search)],
    );
    return rows[0].count;
  }

  async decide(id: number, status: 'approved' | 'rejected', adminId: number, businessId: number | null): Promise<PartnerSubmissionRow> {
    const { rows } = await this.db.query<PartnerSubmissionRow>(
      `UPDATE partner_submissions SET status = $2, decided_by = $3, decided_at = now(), business_id = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, status, adminId, businessId],
    );
    return rows[0];
  }

  /** Back to pending: an approval whose business could not be added. */
  async reopen(id: number): Promise<void> {
    await this.db.query(`UPDATE partner_submissions SET status = 'pending', decided_by = NULL, decided_at = NULL WHERE id = $1`, [id]);
  }
}
