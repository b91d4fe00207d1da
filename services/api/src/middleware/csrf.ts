import { randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import type { Request, RequestHandler } from 'express';
import { XSRF_COOKIE, XSRF_HEADER } from '@zaytoon/contract';
import { forbidden } from '@zaytoon/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const TOKEN_BYTES = 24;

/**
 * CONTRACT.md: the readable XSRF-TOKEN cookie goes, for a client that lacks one, on the answers of the issuing paths
 * (GET /api/auth/me, whatever its status, and /api/auth/admin-status, which answers a visitor 200: a client asks one
 * before a first write such as signing in) and on every signed-in answer. Public answers that may be cached never set it.
 */
export function xsrfCookieIssuer(options: { secureCookie: boolean; issuingPaths: string[] }): RequestHandler {
  const issuing = new Set(options.issuingPaths);
  return (req, res, next) => {
    if ((req.user || issuing.has(req.path)) && !xsrfCookieOf(req)) {
      res.cookie(XSRF_COOKIE, randomBytes(TOKEN_BYTES).toString('base64url'), { path: '/', secure: options.secureCookie, sameSite: 'strict' });
    }
    next();
  };
}

function xsrfCookieOf(req: Request): string | undefined {
  return parseCookies(req.headers.cookie ?? '')[XSRF_COOKIE];
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * CONTRACT.md: writes from another origin are refused. Origin/Sec-Fetch-Site catch browsers;
 * the double-submit token (readable cookie echoed in a header) catches the rest. `oneClickPaths` (below the mount)
 * are RFC 8058 one-click POSTs, sent by mail providers without our cookies: their signed token is the authority and
 * they act on no session, so a forged cross-site POST can do nothing the token's holder could not. `partnerPaths` are
 * partners' calls, authorised by their key only (never by a session).
 */
export function csrfProtection(options: { allowedOrigins: string[]; oneClickPaths?: string[]; partnerPaths?: RegExp }): RequestHandler {
  const allowed = new Set(options.allowedOrigins);
  const oneClick = new Set(options.oneClickPaths ?? []);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === 'POST' && oneClick.has(req.path)) return next();
    // Partners' calls act on their bearer key alone, which a browser never adds to a cross-site request.
    if (options.partnerPaths?.test(req.path)) return next();

    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || (origin && origin !== 'null' && !allowed.has(origin)) || origin === 'null') {
      return next(forbidden('crossSiteRefused'));
    }
    const echoed = req.headers[XSRF_HEADER.toLowerCase()];
    const cookieToken = xsrfCookieOf(req);
    if (typeof echoed !== 'string' || !cookieToken || !sameToken(echoed, cookieToken)) {
      return next(forbidden('crossSiteRefused'));
    }
    next();
  };
}
