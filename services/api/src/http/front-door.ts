import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerCacheRepository, Logger } from '@zaytoon/core';
import { giveXsrfCookie } from '../middleware/csrf';
import { observeRequest } from '../middleware/metrics';
import { accessLineMessage, accessLineSerializers } from '../middleware/request-log';
import { setSecurityHeaders } from '../middleware/security-headers';
import { SESSION_COOKIE } from '../middleware/session';
import { mayHaveCookie } from './cookies';
import { acceptsGzip, storedAnswerKey, writeCachedAnswer, type StoredAnswer } from './send-cached';

/**
 * Answers a visitor's GET from the answers the route table keeps, before Express sees the request.
 * A URL has a kept public answer only if Express itself routed a GET for exactly that URL to a cacheable
 * route and answered it 200, and no drop that concerns it happened since; the answer is then the same
 * for every visitor, so what Express would do for this request is: the security headers, the XSRF-TOKEN
 * cookie when the client lacks one, the metrics, and the kept answer with its ETag (or 304). Its access line
 * is written only at debug: these are the same public answers again and again, counted in the metrics, and
 * a line each at info would cost a measurable share of their throughput (infra/load/README.md).
 * Anything else (another method, a body, a session cookie, q-values in Accept-Encoding, no kept answer)
 * goes to Express, which does the full work and keeps the answer for next time.
 */
export function cachedAnswerFrontDoor(cache: AnswerCacheRepository, options: { secureCookie: boolean; logger: Logger }) {
  const { logger } = options;
  return function frontDoor(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const { headers } = req;
    if (headers['transfer-encoding'] || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return false;
    if (mayHaveCookie(headers.cookie, SESSION_COOKIE)) return false;
    const gzip = acceptsGzip(headers['accept-encoding']);
    if (gzip === undefined) return false;
    const stored = cache.peek<StoredAnswer>(storedAnswerKey('public', req.url ?? ''));
    if (!stored) return false;

    const started = performance.now();
    setSecurityHeaders(res);
    giveXsrfCookie(req, res, options.secureCookie);
    for (const [name, value] of stored.headers) res.setHeader(name, value);
    writeCachedAnswer(req, res, stored.answer, gzip, false);
    const milliseconds = performance.now() - started;
    observeRequest('GET', stored.route, res.statusCode, milliseconds / 1000);
    if (logger.isLevelEnabled('debug')) {
      const responseTime = Math.round(milliseconds);
      const fields = { req: accessLineSerializers.req(req), res: accessLineSerializers.res(res), responseTime, requestId: req.id, cached: true };
      logger.debug(fields, accessLineMessage(req, res.statusCode, responseTime));
    }
    return true;
  };
}
