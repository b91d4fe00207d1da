import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

import { BUSINESS_CACHE_VERSION_KEY, businessCacheChannel } from '../cache/answer-cache.repository';

export { BUSINESS_CACHE_VERSION_KEY };

export class BusinessCacheRepository {
  constructor(private readonly redis: Redis) {}

  /**
   * Makes every API process stop serving its cached business answers at once, as the API itself does
   * after a business write: a new version token, announced on the drops channel.
   */
  /** The current token: the open data build compares it with the one its files were built from. */
  storedVersion(): Promise<string | null> {
    return this.redis.get(BUSINESS_CACHE_VERSION_KEY);
  }

  async dropAnswers(): Promise<void> {
    const token = randomBytes(8).toString('hex');
    await this.redis.set(BUSINESS_CACHE_VERSION_KEY, token);
    await this.redis.publish(businessCacheChannel(this.redis.options.db ?? 0), `v:${token}`);
  }
}
