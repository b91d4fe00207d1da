import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { RedisClientType } from 'redis';

const gzip = promisify(gzipCallback);

export const BUSINESS_CACHE_PREFIX = 'cache:businesses:';
/** The token every API process keys its cached business answers by. */
export const BUSINESS_CACHE_VERSION_KEY = BUSINESS_CACHE_PREFIX + 'version';
const TTL_MS = 60_000;
const MAX_ENTRIES = 500;

/** A serialized answer and its gzip form, made once and sent many times. */
export interface CachedAnswer {
  json: Buffer;
  gzip: Buffer;
}

/**
 * Business answers kept in each API process, keyed by a version token in Redis: any write to
 * businesses (from any replica or the worker) replaces the token, and every replica's copies die at once.
 */
export class AnswerCacheRepository {
  private readonly entries = new Map<string, { answer: Promise<CachedAnswer>; expires: number }>();

  constructor(private readonly redis: RedisClientType) {}

  /** The token every cached business answer is keyed by; any business write replaces it. */
  async version(): Promise<string> {
    const current = await this.redis.get(BUSINESS_CACHE_VERSION_KEY);
    if (current) return current;
    const fresh = randomBytes(8).toString('hex');
    await this.redis.set(BUSINESS_CACHE_VERSION_KEY, fresh, { NX: true });
    return (await this.redis.get(BUSINESS_CACHE_VERSION_KEY)) ?? fresh;
  }

  async getOrCompute(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const cacheKey = `${await this.version()}:${key}`;
    const now = Date.now();
    const hit = this.entries.get(cacheKey);
    if (hit && hit.expires > now) return hit.answer;
    const answer = (async () => {
      const json = Buffer.from(JSON.stringify(await compute()));
      return { json, gzip: await gzip(json, { level: 6 }) };
    })();
    this.entries.set(cacheKey, { answer, expires: now + TTL_MS });
    answer.catch(() => this.entries.delete(cacheKey));
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }

  async dropBusinessAnswers(): Promise<void> {
    await this.redis.set(BUSINESS_CACHE_VERSION_KEY, randomBytes(8).toString('hex'));
    this.entries.clear();
  }
}
