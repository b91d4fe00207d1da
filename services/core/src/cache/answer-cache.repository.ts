import type { RedisClientType } from 'redis';

export const BUSINESS_CACHE_PREFIX = 'cache:businesses:';
const TTL_SECONDS = 60;

/** Serialized answers kept in Redis so replicas share them; any write to businesses drops them all. */
export class AnswerCacheRepository {
  constructor(private readonly redis: RedisClientType) {}

  async getOrCompute(key: string, compute: () => Promise<unknown>): Promise<string> {
    const cacheKey = BUSINESS_CACHE_PREFIX + key;
    const cached = await this.redis.get(cacheKey).catch(() => null);
    if (cached !== null) return cached;
    const fresh = JSON.stringify(await compute());
    await this.redis.set(cacheKey, fresh, { EX: TTL_SECONDS }).catch(() => undefined);
    return fresh;
  }

  async dropBusinessAnswers(): Promise<void> {
    const keys: string[] = [];
    for await (const batch of this.redis.scanIterator({ MATCH: BUSINESS_CACHE_PREFIX + '*', COUNT: 500 })) {
      keys.push(...(Array.isArray(batch) ? batch : [batch]));
    }
    if (keys.length) await this.redis.del(keys);
  }
}
