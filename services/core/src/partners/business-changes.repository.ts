import type { Queryable } from '../db/pool';

/** Where a partner is in the feed: the last change it read (its transaction's id, as text, and the business's id). */
export type FeedPosition = readonly [changeXid: string, businessId: number];

export interface BusinessChangeRow {
  business_id: number;
  change_xid: string;
  changed_at: Date;
}

/**
 * The partner feed's change log (business_changes, migration 1700000000039, kept by a trigger). Read in the order of
 * the writing transactions' ids, and only up to the oldest transaction still running: a transaction that commits
 * later always has an id at or above that bound, so it lands after any position already handed out.
 */
/**
 * At most $1 changes, after the position ($2, $3) when `afterPosition`; the partner feed's bench baseline runs this same
 * text. The order names the table's columns: bare, `change_xid` is the text alias, whose order is not the ids' ('999'
 * after '1000') nor the index's (a sort of the whole log).
 */
export const changesSql = (afterPosition: boolean): string =>
  `SELECT business_id, change_xid::text AS change_xid, changed_at FROM business_changes
        WHERE ${afterPosition ? '(change_xid, business_id) > ($2::xid8, $3::int) AND' : ''} change_xid < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY business_changes.change_xid, business_changes.business_id LIMIT $1`;

export class BusinessChangesRepository {
  constructor(private readonly db: Queryable) {}

  /** At most `limit` changes after `after` (from the first without one), oldest first; served by business_changes_position. */
  async after(after: FeedPosition | undefined, limit: number): Promise<BusinessChangeRow[]> {
    const { rows } = await this.db.query<BusinessChangeRow>(changesSql(after !== undefined), after ? [limit, after[0], after[1]] : [limit]);
    return rows;
  }
}
