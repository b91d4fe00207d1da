import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { RequestHandler } from 'express';
import { XSRF_COOKIE, XSRF_HEADER } from '@zaytoon/contract';
import { forbidden } from '@zaytoon/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const TOKEN_BYTES = 24;
/** Random bytes are drawn 256 tokens at a time: one call to the CSPRNG instead of one per cookieless visitor. */
const POOL_TOKENS = 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function newToken(): string {
  if (poolOffset + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * POOL_TOKENS);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + TOKEN_BYTES);
  pool.fill(0, poolOffset, poolOffset + TOKEN_BYTES);
  poolOffset += TOKEN_BYTES;
  return token;
}

/**
 * CONTRACT.md: the readable XSRF-TOKEN cookie goes on any answer to a client that lacks one. Written here
 * rather than with Express's res.cookie, as the front door answers kept answers before Express runs.
 */
export function giveXsrfCookie(req: IncomingMessage, res: ServerResponse, secureCookie: boolean): void {
  if (xsrfCookieOf(req)) return;
  const cookie = serializeCookie(XSRF_COOKIE, newToken(), { path: '/', secure: secureCookie, sameSite: 'strict' });
  const existing = res.getHeader('Set-Cookie');
  if (existing === undefined) res.setHeader('Set-Cookie', cookie);
  else res.setHeader('Set-Cookie', [...(Array.isArray(existing) ? existing : [String(existing)]), cookie]);
}

function xsrfCookieOf(req: IncomingMessage): string | undefined {
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
 * they act on no session, so a forged cross-site POST can do nothing the token's holder could not.
 */
export function csrfProtection(options: { allowedOrigins: string[]; secureCookie: boolean; oneClickPaths?: string[] }): RequestHandler {
  const allowed = new Set(options.allowedOrigins);
  const oneClick = new Set(options.oneClickPaths ?? []);
  return (req, res, next) => {
    giveXsrfCookie(req, res, options.secureCookie);
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === 'POST' && oneClick.has(req.path)) return next();

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
