import type { Comment } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

const COMMENT_COLUMNS = `c.id, c.business_id, c.user_id, u.username, u.picture AS user_picture, c.comment_text,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

export class CommentsRepository {
  constructor(private readonly db: Queryable) {}

  async listForBusiness(businessId: number): Promise<Comment[]> {
    const { rows } = await this.db.query<Comment>(
      `SELECT ${COMMENT_COLUMNS} FROM comments c JOIN users u ON u.id = c.user_id
        WHERE c.business_id = $1 ORDER BY c.created_at DESC, c.id DESC`,
      [businessId],
    );
    return rows;
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
