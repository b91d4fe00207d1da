import type { RedisClientType } from 'redis';

export const SESSION_KEY_PREFIX = 'sess:';
const indexKey = (userId: number) => `user-sessions:${userId}`;

/** Per-user index of session ids, so that a password change, reset or deletion can end every session of a user. */
export class SessionIndexRepository {
  constructor(private readonly redis: RedisClientType) {}

  async add(userId: number, sessionId: string): Promise<void> {
    await this.redis
      .multi()
      .sAdd(indexKey(userId), sessionId)
      .expire(indexKey(userId), 60 * 60 * 24 * 30)
      .exec();
  }

  async remove(userId: number, sessionId: string): Promise<void> {
    await this.redis.sRem(indexKey(userId), sessionId);
  }

  /** Ends every session of the user except `keepSessionId` (the caller's own, when it should survive). */
  async endAll(userId: number, keepSessionId?: string): Promise<void> {
    const sessionIds = (await this.redis.sMembers(indexKey(userId))).filter((id) => id !== keepSessionId);
    const multi = this.redis.multi();
    for (const sessionId of sessionIds) {
      multi.del(SESSION_KEY_PREFIX + sessionId);
      multi.sRem(indexKey(userId), sessionId);
    }
    await multi.exec();
  }
}
