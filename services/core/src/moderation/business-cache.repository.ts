import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

import { BUSINESS_CACHE_PREFIX } from '../cache/answer-cache.repository.js';

export { BUSINESS_CACHE_PREFIX };

/** The token every API process keys its cached business answers by (cache/answer-cache.repository.ts). */
export const BUSINESS_CACHE_VERSION_KEY = `${BUSINESS_CACHE_PREFIX}version`;

export class BusinessCacheRepository {
  constructor(private readonly redis: Redis) {}

  /**
   * Makes every API process stop serving its cached business answers, with one Redis write: a new
   * version token, as the API itself does after a business write. For frequent jobs (geocoding).
   */
  async dropAnswers(): Promise<void> {
    await this.redis.set(BUSINESS_CACHE_VERSION_KEY, randomBytes(8).toString('hex'));
  }

  /** Drops every cached business answer; SCAN, never KEYS, so Redis is not blocked. Returns how many went. */
  async invalidateAll(): Promise<number> {
    let removed = 0;
    const stream = this.redis.scanStream({ match: `${BUSINESS_CACHE_PREFIX}*`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) {
      if (keys.length) removed += await this.redis.unlink(...keys);
    }
    return removed;
  }
}
