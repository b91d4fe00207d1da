import type { Request, RequestHandler } from 'express';
import { CACHE_CONTROL, SESSION_COOKIE, SIGNED_IN_COOKIE, type RouteDefinition } from '@zaytoon/contract';
import { mayHaveCookie } from './cookies';

/**
 * CONTRACT.md caching: every API answer is private and never stored (signed-in and admin answers, errors, writes),
 * unless the route table marks it public: a cacheable route's successful answer to a visitor. Set before anything
 * runs, so an error answer keeps it.
 */
export const privateByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', CACHE_CONTROL.privateAnswer);
  next();
};

/**
 * A cacheable route's answer to a visitor: the same for every visitor, so shared caches may keep it for seconds.
 * A request with the session or signed-in hint cookie is no visitor's even when its session is over: its answer may
 * clear those cookies, and an answer that sets a cookie is never public.
 */
export function isPublicAnswer(definition: RouteDefinition, req: Request): boolean {
  const cookies = req.headers.cookie;
  return !!definition.cacheable && !req.user && !mayHaveCookie(cookies, SESSION_COOKIE) && !mayHaveCookie(cookies, SIGNED_IN_COOKIE);
}
