import type { Redis } from 'ioredis';
import { transactionReplies } from '../redis/redis-client';

export const SESSION_KEY_PREFIX = 'sess:';
const indexKey = (userId: number) => `user-sessions:${userId}`;

/** Per-user index of session ids, so that a password change, reset or deletion can end every session of a user. */
export class SessionIndexRepository {
  constructor(private readonly redis: Redis) {}

  async add(userId: number, sessionId: string): Promise<void> {
    await transactionReplies(
      this.redis
        .multi()
        .sadd(indexKey(userId), sessionId)
        .expire(indexKey(userId), 60 * 60 * 24 * 30)
        .exec(),
    );
  }

  async remove(userId: number, sessionId: string): Promise<void> {
    await this.redis.srem(indexKey(userId), sessionId);
  }

  /** Ends every session of the user except `keepSessionId` (the caller's own, when it should survive). */
  async endAll(userId: number, keepSessionId?: string): Promise<void> {
    const sessionIds = (await this.redis.smembers(indexKey(userId))).filter((id) => id !== keepSessionId);
    const multi = this.redis.multi();
    for (const sessionId of sessionIds) {
      multi.del(SESSION_KEY_PREFIX + sessionId);
      multi.srem(indexKey(userId), sessionId);
    }
    await transactionReplies(multi.exec());
  }
}
