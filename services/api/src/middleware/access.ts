import type { RequestHandler } from 'express';
import { type Access } from '@zaytoon/contract';
import { forbidden, unauthenticated } from '@zaytoon/core';

/** 401 without a session, 403 for a member where admins only may go. */
export const requireAccess =
  (access: Access): RequestHandler =>
  (req, _res, next) => {
    if (access === 'public') return next();
    if (!req.user) return next(unauthenticated('notAuthenticated'));
    if (access === 'admin' && !req.user.is_admin) return next(forbidden('adminOnly'));
    next();
  };
