import type { Redis } from 'ioredis';

import { BUSINESS_CACHE_PREFIX } from '../cache/answer-cache.repository.js';

export { BUSINESS_CACHE_PREFIX };

export class BusinessCacheRepository {
  constructor(private readonly redis: Redis) {}

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
