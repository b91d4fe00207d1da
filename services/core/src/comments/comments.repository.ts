import type { Comment } from '@zaytoon/contract';
import { newestFirst, type NewestFirstKey } from '../db/keyset-page';
import type { Queryable } from '../db/pool';

const COMMENT_COLUMNS = `c.id, c.business_id, c.user_id, u.username, u.picture AS user_picture, c.comment_text,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

export class CommentsRepository {
  constructor(private readonly db: Queryable) {}

  /** Newest first, after the comment of key `after` when given. */
  async pageForBusiness(businessId: number, after: NewestFirstKey | undefined, limit: number): Promise<(Comment & { sort_key: string })[]> {
    const { rows } = await this.db.query<Comment & { sort_key: string }>(
      `SELECT ${COMMENT_COLUMNS}, ${newestFirst.exactTimeSql('c.created_at')} AS sort_key FROM comments c JOIN users u ON u.id = c.user_id
        WHERE c.business_id = $1 AND ${newestFirst.afterSql('c.created_at', 'c.id', 2)}
        ${newestFirst.orderSql('c.created_at', 'c.id')} LIMIT $4`,
      [businessId, ...newestFirst.params(after), limit],
    );
    return rows;
  }

  async countForBusiness(businessId: number): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM comments WHERE business_id = $1', [businessId]);
    return rows[0].count;
  }

  async insert(businessId: number, userId: number, text: string): Promise<Comment> {
    const { rows } = await this.db.query<Comment>(
      `WITH inserted AS (INSERT INTO comments (business_id, user_id, comment_text) VALUES ($1, $2, $3) RETURNING *)
       SELECT ${COMMENT_COLUMNS} FROM inserted c JOIN users u ON u.id = c.user_id`,
      [businessId, userId, text],
    );
    return rows[0];
  }

  async findAuthor(commentId: number): Promise<{ user_id: number } | null> {
    const { rows } = await this.db.query<{ user_id: number }>('SELECT user_id FROM comments WHERE id = $1', [commentId]);
    return rows[0] ?? null;
  }

  async delete(commentId: number): Promise<void> {
    await this.db.query('DELETE FROM comments WHERE id = $1', [commentId]);
  }
}
