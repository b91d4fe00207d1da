import type { Redis } from 'ioredis';

const usageKey = (keyId: number) => `partner-usage:${keyId}`;

/** How many calls each partner key has made, counted in Redis: a count per call costs no write to Postgres. */
export class PartnerUsageRepository {
  constructor(private readonly redis: Redis) {}

  async countCall(keyId: number): Promise<number> {
    return this.redis.incr(usageKey(keyId));
  }

  async calls(keyIds: readonly number[]): Promise<Map<number, number>> {
    if (!keyIds.length) return new Map();
    const counts = await this.redis.mget(keyIds.map(usageKey));
    return new Map(keyIds.map((id, index) => [id, Number(counts[index] ?? 0)]));
  }
}
