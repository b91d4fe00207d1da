import type { RequestHandler } from 'express';
import { type Access, type RouteName } from '@zaytoon/contract';
import { forbidden, unauthenticated } from '@zaytoon/core';

/** 401 without a session (or, for partners' calls, without a partner's key), 403 for a member where admins only may go. */
export const requireAccess =
  (access: Access): RequestHandler =>
  (req, _res, next) => {
    if (access === 'public') return next();
    if (access === 'partner') return next(req.partner ? undefined : unauthenticated('partnerKeyRequired'));
    if (!req.user) return next(unauthenticated('notAuthenticated'));
    if (access === 'admin' && !req.user.is_admin) return next(forbidden('adminOnly'));
    next();
  };

/** What an admin without a second factor may still call: who they are (and that they are an admin), signing out, setting TOTP up. */
const SECOND_FACTOR_SETUP_ROUTES = new Set<RouteName>(['me', 'adminStatus', 'logout', 'totpSetup', 'totpEnable']);

/**
 * Where an admin must have a second factor (production), one without it may only set it up. Any
 * other signed-in call answers 403 `secondFactorRequired`; a public one is answered as to a visitor, so that no
 * admin-only field reaches a session that has not passed a second factor.
 */
export const requireAdminSecondFactor =
  (required: boolean, route: RouteName | 'ops', access: Access): RequestHandler =>
  (req, _res, next) => {
    if (!required || !req.user?.is_admin || req.user.totp_enabled || (route !== 'ops' && SECOND_FACTOR_SETUP_ROUTES.has(route))) return next();
    if (access === 'user' || access === 'admin') return next(forbidden('secondFactorRequired'));
    req.user = undefined;
    next();
  };
