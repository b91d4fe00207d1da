import { openMinutesMultirange, REVERTIBLE_FIELDS, type RevisionKind } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

export interface RevisionRow {
  id: number;
  business_id: number;
  kind: RevisionKind;
  actor_role: 'member' | 'admin' | 'unknown';
  /** The actor's username; null when nobody was named or the account is deleted. */
  username: string | null;
  /** Each field's before and after; a side whose value an admin removed is null and named in `removed`. */
  changes: Record<string, { before: unknown; after: unknown; removed?: ('before' | 'after')[] }>;
  created_at: Date;
  redacted_at: Date | null;
  redaction_reason: string | null;
}

const COLUMNS = 'r.id, r.business_id, r.kind, r.actor_role, u.username, r.changes, r.created_at, r.redacted_at, r.redaction_reason';

/** Revisions of businesses; the businesses_record_revision trigger writes them. */
export class RevisionsRepository {
  constructor(private readonly db: Queryable) {}

  /** Newest first, after (older than) the revision `afterId` when given. */
  async listPage(businessId: number, limit: number, afterId: number | undefined): Promise<RevisionRow[]> {
    const { rows } = await this.db.query<RevisionRow>(
      `SELECT ${COLUMNS} FROM business_revisions r LEFT JOIN users u ON u.id = r.actor_id
        WHERE r.business_id = $1 AND ($2::int IS NULL OR r.id < $2)
        ORDER BY r.id DESC LIMIT $3`,
      [businessId, afterId ?? null, limit],
    );
    return rows;
  }

  async count(businessId: number): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM business_revisions WHERE business_id = $1', [
      businessId,
    ]);
    return rows[0].count;
  }

  async find(businessId: number, revisionId: number): Promise<RevisionRow | null> {
    const { rows } = await this.db.query<RevisionRow>(
      `SELECT ${COLUMNS} FROM business_revisions r LEFT JOIN users u ON u.id = r.actor_id WHERE r.business_id = $1 AND r.id = $2`,
      [businessId, revisionId],
    );
    return rows[0] ?? null;
  }

  /**
   * Takes the values revision `revisionId` set out of the business's history: every side of a change of the same
   * field that holds one of them loses it (business_revision_without_values, migration 1700000000029), the
   * revision's own afters included; then marks the revision with the reason. Fields it emptied hold no text and stay.
   */
  async redact(businessId: number, revisionId: number, reason: string): Promise<RevisionRow> {
    await this.db.query(
      `UPDATE business_revisions r SET changes = business_revision_without_values(r.changes, gone.vals)
         FROM (SELECT coalesce(jsonb_object_agg(c.key, c.value -> 'after'), '{}'::jsonb) AS vals
                 FROM business_revisions t CROSS JOIN LATERAL jsonb_each(t.changes) c
                WHERE t.business_id = $1 AND t.id = $2 AND c.value -> 'after' NOT IN ('null'::jsonb, '""'::jsonb, '{}'::jsonb)) gone
        WHERE r.business_id = $1 AND r.changes ?| ARRAY(SELECT jsonb_object_keys(gone.vals))`,
      [businessId, revisionId],
    );
    const { rows } = await this.db.query<RevisionRow>(
      `UPDATE business_revisions r SET redacted_at = now(), redaction_reason = $3 FROM business_revisions t LEFT JOIN users u ON u.id = t.actor_id
        WHERE r.business_id = $1 AND r.id = $2 AND t.id = r.id
        RETURNING ${COLUMNS}`,
      [businessId, revisionId, reason],
    );
    return rows[0];
  }

  /**
   * Starts this transaction's revision of the business now, with no field changed yet, under the transaction's
   * setRevisionContext: the writes that follow join it, and it stands even when they change no tracked field
   * (a merge that only moves votes, comments and sources).
   */
  async open(businessId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO business_revisions (business_id, actor_id, actor_role, kind, changes)
       SELECT $1, context.actor, business_revision_actor_role(context.actor), context.kind, '{}'::jsonb
         FROM (SELECT nullif(current_setting('zaytoon.actor_id', true), '')::integer AS actor,
                      coalesce(nullif(current_setting('zaytoon.revision_kind', true), ''), 'edit') AS kind) context`,
      [businessId],
    );
  }

  /** Hands every revision of one business to another (a merge keeps the merged business's history). */
  async moveAll(fromBusinessId: number, toBusinessId: number): Promise<void> {
    await this.db.query('UPDATE business_revisions SET business_id = $2 WHERE business_id = $1', [fromBusinessId, toBusinessId]);
  }

  /** The revision this transaction wrote for the business (the trigger's), if it wrote one. */
  async findWrittenNow(businessId: number): Promise<RevisionRow | null> {
    const { rows } = await this.db.query<RevisionRow>(
      `SELECT ${COLUMNS} FROM business_revisions r LEFT JOIN users u ON u.id = r.actor_id
        WHERE r.business_id = $1 AND r.transaction_id = txid_current() ORDER BY r.id DESC LIMIT 1`,
      [businessId],
    );
    return rows[0] ?? null;
  }

  /**
   * The revertible fields that changed after revision `revisionId`, each with its value right after that revision
   * (the before of the first later change), leaving out those that hold that value again now; `removed` when one of
   * those values was taken out of the history by an admin (it cannot be restored).
   */
  async valuesAfter(businessId: number, revisionId: number): Promise<{ values: Record<string, unknown>; removed: boolean }> {
    const { rows } = await this.db.query<{ fields: Record<string, unknown>; removed: boolean }>(
      `WITH later AS (
         SELECT DISTINCT ON (c.key) c.key, c.value -> 'before' AS value, coalesce(c.value -> 'removed', '[]'::jsonb) ? 'before' AS removed
           FROM business_revisions r CROSS JOIN LATERAL jsonb_each(r.changes) c
          WHERE r.business_id = $1 AND r.id > $2 AND c.key = ANY($3::text[])
          ORDER BY c.key, r.id)
       SELECT coalesce(jsonb_object_agg(l.key, l.value) FILTER (WHERE NOT l.removed), '{}'::jsonb) AS fields,
              coalesce(bool_or(l.removed), false) AS removed
         FROM later l JOIN businesses b ON b.id = $1
        WHERE l.removed OR business_tracked_fields(b) -> l.key IS DISTINCT FROM l.value`,
      [businessId, revisionId, REVERTIBLE_FIELDS],
    );
    return { values: rows[0].fields, removed: rows[0].removed };
  }

  /** Writes the given revertible columns (not proof_of_support, which the sources keep) from their JSON values. */
  async restore(businessId: number, values: Record<string, unknown>): Promise<void> {
    const columns = REVERTIBLE_FIELDS.filter((field) => field !== 'proof_of_support' && field in values);
    if (columns.length === 0) return;
    // Restored hours take their open intervals along.
    const hours = columns.includes('business_hours') ? ', open_minutes = $3::int4multirange, open_minutes_of = restored.business_hours' : '';
    await this.db.query(
      `UPDATE businesses b SET ${columns.map((column) => `${column} = restored.${column}`).join(', ')}${hours}, updated_at = now()
         FROM jsonb_populate_record(NULL::businesses, $2::jsonb) restored
        WHERE b.id = $1`,
      [businessId, JSON.stringify(values), ...(hours ? [openMinutesMultirange(values.business_hours as Record<string, string>)] : [])],
    );
  }
}
