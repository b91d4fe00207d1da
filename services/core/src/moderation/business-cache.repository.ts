import type { Redis } from 'ioredis';

/** The API caches public business answers under this prefix. */
export const BUSINESS_CACHE_PREFIX = 'cache:businesses:';

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
