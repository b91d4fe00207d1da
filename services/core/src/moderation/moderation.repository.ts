import type { Queryable } from '../db/pool';

export interface RemovedBusiness {
  businessId: number;
  name: string;
  deleted: { reports: number; votes: number; comments: number; suggestions: number };
}

export class ModerationRepository {
  /** `db` is the transaction's client: every statement here belongs to the caller's transaction. */
  constructor(private readonly db: Queryable) {}

  /** Locks the business row so two cascades for it run one after the other; null when it is gone. */
  async lockBusiness(businessId: number): Promise<{ id: number; name: string } | null> {
    const { rows } = await this.db.query<{ id: number; name: string }>('SELECT id, name FROM businesses WHERE id = $1 FOR UPDATE', [businessId]);
    return rows[0] ?? null;
  }

  /**
   * Deletes the business and everything hanging off it. The foreign keys would cascade anyway;
   * deleting each table by name keeps the effect readable and gives counts for the audit row.
   */
  async deleteBusinessAndRelated(businessId: number): Promise<RemovedBusiness['deleted']> {
    const count = async (sql: string) => (await this.db.query(sql, [businessId])).rowCount ?? 0;
    const reports = await count('DELETE FROM reports WHERE business_id = $1');
    const votes = await count('DELETE FROM votes WHERE business_id = $1');
    const comments = await count('DELETE FROM comments WHERE business_id = $1');
    const suggestions = await count('DELETE FROM suggestions WHERE business_id = $1');
    await count('DELETE FROM businesses WHERE id = $1');
    return { reports, votes, comments, suggestions };
  }
}
