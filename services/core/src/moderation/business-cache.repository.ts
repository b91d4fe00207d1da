import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

import { BUSINESS_CACHE_VERSION_KEY } from '../cache/answer-cache.repository.js';

export { BUSINESS_CACHE_VERSION_KEY };

export class BusinessCacheRepository {
  constructor(private readonly redis: Redis) {}

  /**
   * Makes every API process stop serving its cached business answers, with one Redis write: a new
   * version token, as the API itself does after a business write.
   */
  async dropAnswers(): Promise<void> {
    await this.redis.set(BUSINESS_CACHE_VERSION_KEY, randomBytes(8).toString('hex'));
  }
}
