import type { RequestHandler } from 'express';
import { CACHE_CONTROL } from '@zaytoon/contract';

/**
 * CONTRACT.md caching: every API answer is private and never stored (signed-in and admin answers, errors, writes),
 * unless the route table marks it public: a cacheable route's successful answer to a visitor. Set before anything
 * runs, so an error answer keeps it.
 */
export const privateByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', CACHE_CONTROL.privateAnswer);
  next();
};
