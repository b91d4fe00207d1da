import type { RequestHandler } from 'express';
import { unauthenticated, type Core, type PartnerIdentity } from '@zaytoon/core';
import type { RateLimiter } from './rate-limit';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The partner whose API key the call carries (calls under /api/v1 only). */
      partner?: PartnerIdentity;
    }
  }
}

/** Where partners' keys are read: the calls for partner apps (docs/decisions/0060-partner-feed.md), below the /api mount. */
export const PARTNER_PATHS = /^\/v1\//i;
const BEARER = /^Bearer ([^\s]+)$/i;
/** A key's limit counts calls a minute. */
const KEY_WINDOW_SECONDS = 60;

/**
 * Reads `Authorization: Bearer <key>` on the partners' calls: an invalid or revoked key is 401 whatever the call, a
 * valid one is counted against its own limit (429 past it, as every rate limit) and towards its usage. Without a key the
 * call goes on as anyone's; a call for partners only then answers 401 (requireAccess).
 */
export function partnerKeys(core: Core, limiter: RateLimiter): RequestHandler {
  const { partnerKeys: keys } = core.services;
  return async (req, _res, next) => {
    try {
      const authorization = req.headers.authorization;
      if (!PARTNER_PATHS.test(req.path) || authorization === undefined) return next();
      const key = BEARER.exec(authorization)?.[1];
      const partner = key ? await keys.authenticate(key) : null;
      if (!partner) return next(unauthenticated('partnerKeyInvalid'));
      await limiter.hit(
        { name: 'partner-key', limit: partner.requestsPerMinute, windowSeconds: KEY_WINDOW_SECONDS, key: () => String(partner.keyId) },
        req,
      );
      await keys.countCall(partner);
      req.partner = partner;
      next();
    } catch (error) {
      next(error);
    }
  };
}
