import { inTransaction, type Database } from '../db/pool';

/** users.picture, read and written while the user's row is locked. */
export interface LockedPicture {
  current: string | null;
  set(picture: string): Promise<void>;
}

export class AvatarRepository {
  constructor(private readonly db: Database) {}

  async userExists(userId: number): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
    return (rowCount ?? 0) > 0;
  }

  /**
   * Runs `work` in one transaction holding the user's row lock, so two jobs of one user never interleave
   * their avatar files and users.picture. Null, without running `work`, when the user no longer exists.
   */
  async withPictureLocked<T>(userId: number, work: (picture: LockedPicture) => Promise<T>): Promise<T | null> {
    return inTransaction(this.db, async (client) => {
      const { rows } = await client.query<{ picture: string | null }>('SELECT picture FROM users WHERE id = $1 FOR UPDATE', [userId]);
      if (!rows[0]) return null;
      return work({
        current: rows[0].picture,
        async set(picture) {
          await client.query('UPDATE users SET picture = $2 WHERE id = $1', [userId, picture]);
        },
      });
    });
  }
}
