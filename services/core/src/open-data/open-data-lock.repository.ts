import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const OPEN_DATA_LOCK_KEY = 'open-data:build-lock';

/**
 * One open data build at a time across every worker: a build removes the files of older builds, which would
 * pull the files from under a build running beside it. Its holder renews it while it builds; a killed holder's
 * lock expires within a minute.
 */
export class OpenDataLockRepository {
  constructor(private readonly redis: Redis) {}

  /** A token when the lock was free, null when another build holds it. */
  async acquire(ttlMs: number): Promise<string | null> {
    const token = randomBytes(8).toString('hex');
    return (await this.redis.set(OPEN_DATA_LOCK_KEY, token, 'PX', ttlMs, 'NX')) === 'OK' ? token : null;
  }

  /** Keeps the lock for another `ttlMs` if it is still this token's. */
  async renew(token: string, ttlMs: number): Promise<void> {
    await this.redis.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`,
      1,
      OPEN_DATA_LOCK_KEY,
      token,
      String(ttlMs),
    );
  }

  /** Releases the lock if it is still this token's (not taken over after an expiry). */
  async release(token: string): Promise<void> {
    await this.redis.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
      1,
      OPEN_DATA_LOCK_KEY,
      token,
    );
  }
}
