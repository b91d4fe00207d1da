import type { ConfirmationAnswer, VerificationMethod, VerificationRecord } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { VERIFICATION_COLUMNS, VERIFICATION_DUE, type VerificationColumns } from './verification-sql';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';

export interface VerificationEntry {
  action: 'verified' | 'unverified';
  method: VerificationMethod | null;
  note: string;
  evidenceUrl: string;
  /** YYYY-MM-DD */
  date: string;
}

/** Re-checks come in this order: what members flagged, then what fell due, then what was never verified. */
export const RECHECK_SECTIONS = ['members', 'due', 'never'] as const;
export type RecheckSection = (typeof RECHECK_SECTIONS)[number];

/** Where a page of re-checks starts: after this business of this section. */
export interface RecheckKey {
  section: RecheckSection;
  /** The section's sort value of the last business: an ISO timestamp or date. */
  since: string;
  id: number;
}

export interface RecheckRow extends VerificationColumns {
  id: number;
  name: string;
  city: string;
  postcode: string;
  category: string;
  since: Date;
  sort_key: string;
  member_answers: { username: string | null; answer: ConfirmationAnswer; answered_at: string }[] | null;
}

/** A brigaded business could gather many answers: the card shows the latest ones. */
const MEMBER_ANSWERS_SHOWN = 20;

// A business whose report was approved is gone for everyone at once (as in the businesses repository).
const NOT_REMOVED = `NOT EXISTS (SELECT 1 FROM reports removed WHERE removed.business_id = b.id AND removed.status = 'approved')`;

/** Per section: which businesses, their sort column (keyset with b.id), and the time shown as "since". */
const SECTION_SQL: Record<RecheckSection, { where: string; sortKey: string; since: string }> = {
  members: { where: 'b.flagged_at IS NOT NULL', sortKey: 'b.flagged_at', since: 'b.flagged_at' },
  due: { where: `b.flagged_at IS NULL AND ${VERIFICATION_DUE}`, sortKey: 'b.verified_on', since: 'b.verified_on' },
  never: { where: 'b.flagged_at IS NULL AND b.verified_on IS NULL', sortKey: 'b.created_at', since: 'b.created_at' },
};

const RECORD_COLUMNS = `v.id, v.business_id, v.action, v.method, v.note, v.evidence_url, to_char(v.verified_on, 'YYYY-MM-DD') AS date,
  u.username AS recorded_by, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

export class VerificationRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Records an admin's decision and makes it the business's standing one, in one statement: the newest decision
   * wins, and it settles what members flagged.
   */
  async record(businessId: number, entry: VerificationEntry, adminId: number): Promise<VerificationRecord> {
    const { rows } = await this.db.query<VerificationRecord>(
      `WITH v AS (
         INSERT INTO verifications (business_id, action, method, note, evidence_url, verified_on, recorded_by)
         VALUES ($1, $2, $3, $4, $5, $6::date, $7) RETURNING *
       ), standing AS (
         UPDATE businesses SET verified_on = CASE WHEN $2 = 'verified' THEN $6::date END, verification_method = $3,
                flagged_at = NULL, updated_at = now()
          WHERE id = $1
       )
       SELECT ${RECORD_COLUMNS} FROM v LEFT JOIN users u ON u.id = v.recorded_by`,
      [businessId, entry.action, entry.method, entry.note, entry.evidenceUrl, entry.date, adminId],
    );
    return rows[0];
  }

  async history(businessId: number, limit: number): Promise<VerificationRecord[]> {
    const { rows } = await this.db.query<VerificationRecord>(
      `SELECT ${RECORD_COLUMNS} FROM verifications v LEFT JOIN users u ON u.id = v.recorded_by
        WHERE v.business_id = $1 ORDER BY v.created_at DESC, v.id DESC LIMIT $2`,
      [businessId, limit],
    );
    return rows;
  }

  /**
   * Up to `limit` re-checks of one section after `after` (keyset on the section's sort column and id), of businesses
   * whose name holds `search` when given.
   */
  async listSection(
    section: RecheckSection,
    limit: number,
    after: RecheckKey | undefined,
    answersSince: string,
    search?: string,
  ): Promise<RecheckRow[]> {
    const sql = SECTION_SQL[section];
    const params: unknown[] = [limit, answersSince, nameSearchParam(search)];
    const keyset = after?.section === section ? ` AND (${sql.sortKey}, b.id) > ($4, $5::int)` : '';
    if (keyset) params.push(after!.since, after!.id);
    const { rows } = await this.db.query<RecheckRow>(
      `SELECT b.id, b.name, b.city, b.postcode, b.category, ${VERIFICATION_COLUMNS}, ${sql.since}::timestamptz AS since,
              ${sql.sortKey}::text AS sort_key,
              (SELECT json_agg(shown ORDER BY shown.answered_at DESC) FROM (
                 SELECT u.username, c.answer, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS answered_at
                   FROM confirmations c LEFT JOIN users u ON u.id = c.user_id
                  WHERE b.flagged_at IS NOT NULL AND c.business_id = b.id AND c.answer <> 'Yes' AND c.created_at > $2::timestamptz
                  ORDER BY c.created_at DESC LIMIT ${MEMBER_ANSWERS_SHOWN}) shown) AS member_answers
         FROM businesses b
        WHERE ${sql.where} AND ${NOT_REMOVED} AND ${nameHoldsSql('b', '$3')}${keyset}
        ORDER BY ${sql.sortKey}, b.id
        LIMIT $1`,
      params,
    );
    return rows;
  }

  /** The re-checks of the sections given whose name holds `search` when given. */
  async countRechecks(sections: readonly RecheckSection[], search?: string): Promise<number> {
    const { rows } = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM businesses b
        WHERE (${sections.map((section) => SECTION_SQL[section].where).join(' OR ')}) AND ${NOT_REMOVED} AND ${nameHoldsSql('b', '$1')}`,
      [nameSearchParam(search)],
    );
    return rows[0].total;
  }
}
