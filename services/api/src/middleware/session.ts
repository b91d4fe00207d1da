import type { RequestHandler } from 'express';
import session from 'express-session';
import { RedisStore } from 'connect-redis';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { SESSION_COOKIE, type User, type User as ContractUser } from '@zaytoon/contract';
import { DomainError, SESSION_KEY_PREFIX, type Core, type SessionClaim } from '@zaytoon/core';
import { mayHaveCookie } from '../http/cookies';
import { signedInHint } from './signed-in-hint';

export { SESSION_COOKIE };
const SESSION_TTL_SECONDS = 60 * 60 * 24 * 14;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request needs the session machinery. A read without the session cookie has no session to load,
 * and with saveUninitialized: false it would never make one; it leaves with req.session and req.user unset.
 * Writes always get it (login and signup create the session, logout destroys it).
 */
export const needsSession = (req: { method: string; headers: { cookie?: string } }): boolean =>
  !READS.has(req.method) || mayHaveCookie(req.headers.cookie, SESSION_COOKIE);

declare module 'express-session' {
  interface SessionData {
    /** The user's session generation at login and the login time: checked on every request. */
    claim?: SessionClaim;
  }
}

/** Set on a request whose session named a user but is over (password changed, too old): it is ended and its cookie cleared. */
const STALE = Symbol('zaytoon stale session');

declare global {
  // passport's req.user is the contract's user.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends ContractUser {}
  }
}

/** The auth service of the app a request came through (passport's strategies are one per process). */
const AUTH = Symbol('zaytoon auth service');
type WithAuth = { [AUTH]?: Core['services']['auth'] };
function authOf(req: unknown): Core['services']['auth'] {
  const auth = (req as WithAuth)[AUTH];
  if (!auth) throw new Error('no auth service on this request: the session middleware did not run');
  return auth;
}

let strategiesRegistered = false;

/**
 * passport's strategy and (de)serializers are registered once per process and use the auth service of the
 * app each request came through, so two apps in one process (API tests with a second replica) never call a
 * closed app's database.
 */
/** Passport's info for a refused login, carrying the refusal's code to the login route. */
const refusalInfo = (error: DomainError) => {
  const info = { message: error.message, refusal: error.asMessage() };
  return info;
};

function registerStrategies(): void {
  if (strategiesRegistered) return;
  strategiesRegistered = true;
  passport.use(
    new LocalStrategy({ usernameField: 'login', passwordField: 'password', passReqToCallback: true }, (req, login, password, done) => {
      authOf(req)
        .verifyCredentials({ login, password })
        .then((user) => done(null, user))
        .catch((error) => (error instanceof DomainError ? done(null, false, refusalInfo(error)) : done(error)));
    }),
  );
  passport.serializeUser((user, done) => done(null, (user as User).id));
  passport.deserializeUser((req: unknown, id: unknown, done: (error: unknown, user?: User | false) => void) => {
    const session = (req as { session?: { claim?: SessionClaim } }).session;
    authOf(req)
      .sessionUser(id as number, session?.claim)
      .then((user) => {
        if (!user) (req as { [STALE]?: boolean })[STALE] = true;
        done(null, user ?? false);
      })
      .catch(done);
  });
}

/**
 * Sessions in Redis (connect-redis) and passport (initialize, session) over the auth service, for requests that may
 * have one, and the readable signed-in hint cookie that follows the session.
 */
export function sessionMiddleware(core: Core): RequestHandler[] {
  const production = core.config.NODE_ENV === 'production';
  const cookie = { httpOnly: true, sameSite: 'lax', secure: production, maxAge: SESSION_TTL_SECONDS * 1000 } as const;
  registerStrategies();
  const sessions = session({
    name: SESSION_COOKIE,
    store: new RedisStore({ client: core.redis, prefix: SESSION_KEY_PREFIX, ttl: SESSION_TTL_SECONDS }),
    // The first signs, every one verifies: a new secret put first rotates without signing anybody out.
    secret: core.config.SESSION_SECRETS,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie,
  });
  const initialize = passport.initialize();
  const users = passport.session();
  return [
    signedInHint(cookie),
    (req, res, next) => {
      if (!needsSession(req)) return next();
      (req as WithAuth)[AUTH] = core.services.auth;
      sessions(req, res, next);
    },
    (req, res, next) => (req.session ? initialize(req, res, () => users(req, res, next)) : next()),
    (req, res, next) => {
      if (!(req as { [STALE]?: boolean })[STALE]) return next();
      // A stale session is logged out: gone from the store, a fresh (unsaved) one in its place, the cookie cleared.
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      req.session.regenerate((error) => next(error));
    },
  ];
}
