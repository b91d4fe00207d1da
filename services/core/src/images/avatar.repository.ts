import type { Queryable } from '../db/pool.js';

export class AvatarRepository {
  constructor(private readonly db: Queryable) {}

  async userExists(userId: number): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
    return (rowCount ?? 0) > 0;
  }

  async currentPicture(userId: number): Promise<string | null> {
    const { rows } = await this.db.query<{ picture: string | null }>('SELECT picture FROM users WHERE id = $1', [userId]);
    return rows[0]?.picture ?? null;
  }

  /**
   * Sets users.picture and returns the value it replaced, under a row lock so two uploads never
   * both see the same "previous" picture. Null when the user no longer exists.
   */
  async replacePicture(userId: number, picture: string): Promise<{ previous: string | null } | null> {
    const { rows } = await this.db.query<{ previous: string | null }>(
      `WITH old AS (SELECT id, picture FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users SET picture = $2 FROM old WHERE users.id = old.id
       RETURNING old.picture AS previous`,
      [userId, picture],
    );
    return rows[0] ?? null;
  }
}
