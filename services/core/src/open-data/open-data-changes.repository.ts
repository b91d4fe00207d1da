import type { Queryable } from '../db/pool';

/**
 * The businesses changed since the open data files last included them (open_data_changes, kept by triggers).
 * A build claims the rows of the parts it rebuilds and deletes them once its files are in place; a change
 * meanwhile clears the claim, so the next build takes it again.
 */
export class OpenDataChangesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims the changes of at most `limit` parts (ids `part * partSize` to `part * partSize + partSize - 1`), parts
   * with a removal first, and answers those parts.
   */
  async claimParts(token: string, partSize: number, limit: number): Promise<number[]> {
    const { rows } = await this.db.query<{ part: number }>(
      `WITH parts AS (
         SELECT business_id / $2 AS part FROM open_data_changes GROUP BY 1 ORDER BY bool_or(removed) DESC, 1 LIMIT $3
       )
       UPDATE open_data_changes SET claimed_by = $1 WHERE business_id / $2 IN (SELECT part FROM parts)
       RETURNING business_id / $2 AS part`,
      [token, partSize, limit],
    );
    return [...new Set(rows.map((row) => row.part))].sort((a, b) => a - b);
  }

  /** Claims every change (a build of all the parts). */
  async claimAll(token: string): Promise<void> {
    await this.db.query('UPDATE open_data_changes SET claimed_by = $1', [token]);
  }

  /** Forgets the changes the build `token` put in its files (those changed again since are no longer its). */
  async deleteClaimed(token: string): Promise<void> {
    await this.db.query('DELETE FROM open_data_changes WHERE claimed_by = $1', [token]);
  }

  /** Businesses no longer listed whose part has not been rebuilt since, lowest id first. */
  async removedIds(limit: number): Promise<number[]> {
    const { rows } = await this.db.query<{ business_id: number }>(
      'SELECT business_id FROM open_data_changes WHERE removed ORDER BY business_id LIMIT $1',
      [limit],
    );
    return rows.map((row) => row.business_id);
  }
}
