import type { Request, Response } from 'express';
import passport from 'passport';
import { MESSAGES, type CodedMessage, type User } from '@zaytoon/contract';
import { unauthenticated, type Core, type SessionClaim } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { SESSION_COOKIE } from '../middleware/session';
import { passSecondFactor } from './second-factor.controller';

import { languageOf } from '../http/request-language';

function logIn(req: Request, user: User): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (error) => (error ? reject(error) : resolve())));
}

function authenticateLocal(req: Request, res: Response): Promise<User> {
  return new Promise((resolve, reject) => {
    passport.authenticate('local', { session: false }, (error: unknown, user: User | false, info?: { refusal?: CodedMessage }) => {
      if (error) return reject(error);
      if (!user) return reject(unauthenticated(info?.refusal ?? 'invalidCredentials'));
      resolve(user);
    })(req, res, reject);
  });
}

/** Passport regenerates the session id at login; the new id joins the user's session index and records its claim (generation, login time). */
async function startSession(core: Core, req: Request, user: User, claim: SessionClaim): Promise<User> {
  await logIn(req, user);
  req.session.claim = claim;
  await core.repositories.sessionIndex.add(user.id, req.sessionID);
  return user;
}

export function authController(core: Core): Pick<RouteHandlers, 'me' | 'login' | 'signup' | 'logout' | 'adminStatus'> {
  return {
    me: ({ user }) => user,

    login: async ({ req, res, body }) => {
      const user = await authenticateLocal(req, res);
      await passSecondFactor(core, res, user.id, body.totp_code);
      return startSession(core, req, user, await core.services.auth.sessionClaim(user.id));
    },

    signup: async ({ req, body }) => {
      const { user, claim } = await core.services.auth.signup(body);
      try {
        await startSession(core, req, user, claim);
      } catch (error) {
        await core.services.auth.cancelSignup(user.id).catch(() => {});
        throw error;
      }
      await core.services.emailConfirmation.sendLinkAfterSignup(user.id, languageOf(req));
      return user;
    },

    logout: async ({ req, res }) => {
      const userId = req.user?.id;
      const sessionId = req.sessionID;
      await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(error) : resolve())));
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      if (userId) await core.repositories.sessionIndex.remove(userId, sessionId);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: MESSAGES.loggedOut };
    },

    adminStatus: ({ req }) => ({ is_admin: req.user?.is_admin ?? false }),
  };
}
