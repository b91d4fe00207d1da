import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { MESSAGES } from '@zaytoon/contract';
import { forbidden } from '@zaytoon/core';
import { readCookie } from '../http/cookies.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * CONTRACT.md: writes from another origin are refused. Origin/Sec-Fetch-Site catch browsers;
 * the double-submit token (readable cookie echoed in a header) catches the rest.
 */
export function csrfProtection(options: { allowedOrigins: string[]; secureCookie: boolean }): RequestHandler {
  const allowed = new Set(options.allowedOrigins);
  return (req, res, next) => {
    let token = readCookie(req.headers.cookie, XSRF_COOKIE);
    if (!token) {
      token = randomBytes(24).toString('base64url');
      res.cookie(XSRF_COOKIE, token, { httpOnly: false, sameSite: 'strict', secure: options.secureCookie, path: '/' });
    }
    if (SAFE_METHODS.has(req.method)) return next();

    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || (origin && origin !== 'null' && !allowed.has(origin)) || origin === 'null') {
      return next(forbidden(MESSAGES.crossSiteRefused));
    }
    const echoed = req.headers[XSRF_HEADER];
    const cookieToken = readCookie(req.headers.cookie, XSRF_COOKIE);
    if (typeof echoed !== 'string' || !cookieToken || !sameToken(echoed, cookieToken)) {
      return next(forbidden(MESSAGES.crossSiteRefused));
    }
    next();
  };
}
