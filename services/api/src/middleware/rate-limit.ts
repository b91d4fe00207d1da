import type { Request, RequestHandler } from 'express';
import type { RedisClientType } from 'redis';
import { MESSAGES } from '@zaytoon/contract';
import { DomainError } from '@zaytoon/core';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** The counted identity; null skips this rule for the request. */
  key: (req: Request) => string | null | undefined | Promise<string | null | undefined>;
  perIp?: boolean;
}

/** Fixed-window counters in Redis, so limits hold across API replicas. */
export class RateLimiter {
  constructor(
    private readonly redis: RedisClientType,
    private readonly allowlist: string[],
  ) {}

  /** Counts one hit; throws 429 with Retry-After once the window's limit is passed. */
  async hit(rule: RateLimitRule, req: Request): Promise<void> {
    if (rule.perIp && this.allowlist.includes(req.ip ?? '')) return;
    const identity = await rule.key(req);
    if (!identity) return;
    const key = `rate:${rule.name}:${identity.toLowerCase()}`;
    const [count, ttl] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, rule.windowSeconds, 'NX')
      .ttl(key)
      .exec()) as unknown as [number, number, number];
    if (count > rule.limit) {
      throw new DomainError('rate_limited', MESSAGES.tooManyRequests, undefined, Math.max(1, ttl));
    }
  }

  middleware(...rules: RateLimitRule[]): RequestHandler {
    return async (req, _res, next) => {
      try {
        for (const rule of rules) await this.hit(rule, req);
        next();
      } catch (error) {
        next(error);
      }
    };
  }
}
