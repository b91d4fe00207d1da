import type { Redis } from 'ioredis';
import { transactionReplies } from '../redis/redis-client';

const windowKey = (userId: number, window: string) => `reset-mail:${window}:${userId}`;

/** Reset mails sent per account, in Redis counters that expire with their window. */
export class ResetMailQuotaRepository {
  constructor(private readonly redis: Redis) {}

  /** How many reset mails the user was sent in each window, by window name. */
  async counts(userId: number, windows: readonly { name: string }[]): Promise<number[]> {
    const values = await this.redis.mget(windows.map((window) => windowKey(userId, window.name)));
    return values.map((value) => Number(value ?? 0));
  }

  async record(userId: number, windows: readonly { name: string; seconds: number }[]): Promise<void> {
    const multi = this.redis.multi();
    for (const window of windows) {
      multi.incr(windowKey(userId, window.name));
      multi.expire(windowKey(userId, window.name), window.seconds, 'NX');
    }
    await transactionReplies(multi.exec());
  }
}
