import type { RequestHandler } from 'express';
import session from 'express-session';
import { RedisStore } from 'connect-redis';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { User, User as ContractUser } from '@zaytoon/contract';
import { DomainError, SESSION_KEY_PREFIX, type Core } from '@zaytoon/core';

export const SESSION_COOKIE = 'zaytoon.sid';
const SESSION_TTL_SECONDS = 60 * 60 * 24 * 14;

declare global {
  // passport's req.user is the contract's user.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends ContractUser {}
  }
}

/** Sessions in Redis (connect-redis) and passport-local over the auth service. */
export function sessionMiddleware(core: Core): RequestHandler[] {
  const production = core.config.NODE_ENV === 'production';
  passport.use(
    new LocalStrategy({ usernameField: 'login', passwordField: 'password' }, (login, password, done) => {
      core.services.auth
        .verifyCredentials({ login, password })
        .then((user) => done(null, user))
        .catch((error) => (error instanceof DomainError ? done(null, false, { message: error.message }) : done(error)));
    }),
  );
  passport.serializeUser((user, done) => done(null, (user as User).id));
  passport.deserializeUser((id: number, done) => {
    core.services.auth
      .findUser(id)
      .then((user) => done(null, user ?? false))
      .catch(done);
  });

  return [
    session({
      name: SESSION_COOKIE,
      store: new RedisStore({ client: core.redis, prefix: SESSION_KEY_PREFIX, ttl: SESSION_TTL_SECONDS }),
      secret: core.config.SESSION_SECRET,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: production, maxAge: SESSION_TTL_SECONDS * 1000 },
    }),
    passport.session(),
  ];
}
