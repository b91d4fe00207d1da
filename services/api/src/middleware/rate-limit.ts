import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { DomainError, transactionReplies } from '@zaytoon/core';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** The counted identity; null skips this rule for the request. */
  key: (req: Request) => string | null | undefined | Promise<string | null | undefined>;
  perIp?: boolean;
  /** Counts only refused credentials (answers 401), checked before the call: a correct password costs nothing. */
  failuresOnly?: boolean;
  /** Applies only to a request whose own count under the named failuresOnly rule is above zero (it failed recently). */
  onlyAfterFailureOf?: string;
  /**
   * Which 401 a failuresOnly rule counts: a refused password (the default), or a refused second factor after a
   * right password.
   */
  failureOf?: 'password' | 'secondFactor';
}

const PASSWORD_ACCEPTED = 'zaytoonPasswordAccepted';

/** Said by the sign-in once the password is right: a 401 after it is the second factor's, not the password's. */
export const markPasswordAccepted = (res: Response): void => {
  res.locals[PASSWORD_ACCEPTED] = true;
};

function countsAsFailure(rule: RateLimitRule, res: Response): boolean {
  if (res.statusCode !== 401) return false;
  const passwordAccepted = res.locals[PASSWORD_ACCEPTED] === true;
  return rule.failureOf === 'secondFactor' ? passwordAccepted : !passwordAccepted;
}

/** Longest identity hashed into a key; anything longer is cut first (bodies of 100 kB). */
const MAX_IDENTITY_LENGTH = 1024;

/** `rate:<rule>:<32 hex>`: the identity (lowercased, capped) is hashed, so no raw body text ever becomes a Redis key. */
export function rateLimitKey(ruleName: string, identity: string): string {
  const digest = createHash('sha256').update(identity.slice(0, MAX_IDENTITY_LENGTH).toLowerCase()).digest('hex').slice(0, 32);
  return `rate:${ruleName}:${digest}`;
}

/** Fixed-window counters in Redis, so limits hold across API replicas. */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly allowlist: string[],
  ) {}

  /** One more in the rule's window (which starts with its first count): [count, expire's answer, seconds left]. */
  private async count(key: string, rule: RateLimitRule): Promise<[number, number, number]> {
    return (await transactionReplies(this.redis.multi().incr(key).expire(key, rule.windowSeconds, 'NX').ttl(key).exec())) as [number, number, number];
  }

  /** Counts one hit; throws 429 with Retry-After once the window's limit is passed. */
  async hit(rule: RateLimitRule, req: Request): Promise<void> {
    if (rule.perIp && this.allowlist.includes(req.ip ?? '')) return;
    const identity = await rule.key(req);
    if (!identity) return;
    const key = rateLimitKey(rule.name, identity);
    const [count, , ttl] = await this.count(key, rule);
    if (count > rule.limit) {
      throw new DomainError('rate_limited', 'tooManyRequests', undefined, Math.max(1, ttl));
    }
  }

  /**
   * Failure-counted rules. The call is counted before it runs (so parallel guesses count too) and uncounted when
   * it answers anything but its kind of 401 (countsAsFailure); a refused call is not counted. A rule with onlyAfterFailureOf counts every
   * failure but refuses only requests whose named rule had failures before this one.
   */
  private async checkFailures(rule: RateLimitRule, req: Request, res: Response, failedBefore: Map<string, number>): Promise<void> {
    if (rule.perIp && this.allowlist.includes(req.ip ?? '')) return;
    const identity = await rule.key(req);
    if (!identity) return;
    const key = rateLimitKey(rule.name, identity);
    const [count, , ttl] = await this.count(key, rule);
    failedBefore.set(rule.name, count - 1);
    const applies = !rule.onlyAfterFailureOf || (failedBefore.get(rule.onlyAfterFailureOf) ?? 0) > 0;
    const uncount = () => void this.redis.decr(key).catch(() => {});
    if (applies && count > rule.limit) {
      uncount();
      throw new DomainError('rate_limited', 'tooManyRequests', undefined, Math.max(1, ttl));
    }
    res.once('finish', () => {
      if (!countsAsFailure(rule, res)) uncount();
    });
  }

  middleware(...rules: RateLimitRule[]): RequestHandler {
    return async (req, res, next) => {
      try {
        const failedBefore = new Map<string, number>();
        for (const rule of rules) {
          if (rule.failuresOnly) await this.checkFailures(rule, req, res, failedBefore);
          else await this.hit(rule, req);
        }
        next();
      } catch (error) {
        next(error);
      }
    };
  }
}
