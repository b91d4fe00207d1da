import type { ServerResponse } from 'node:http';
import type { CookieOptions, RequestHandler } from 'express';
import { SIGNED_IN_COOKIE } from '@zaytoon/contract';
import { mayHaveCookie } from '../http/cookies';

/** Runs `listener` once, just before the answer's headers are written (whoever writes them). */
function beforeHeaders(res: ServerResponse, listener: () => void): void {
  const writeHead = res.writeHead;
  let called = false;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!called) {
      called = true;
      listener();
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * The readable signed-in hint (docs/decisions/0003-accounts-and-sessions.md) follows the session. It is decided as the headers go out,
 * from who the request ends up with: login and signup (which log a user in) set it, and so does every
 * answer to a signed-in request, renewing it as the rolling session cookie is renewed (a session older
 * than the hint gets it on its next API call); logout, account deletion and a missing or stale session
 * (no user by then, e.g. /auth/me's 401) clear it when the request carried it. It grants nothing.
 */
export function signedInHint(sessionCookie: CookieOptions): RequestHandler {
  const options: CookieOptions = { ...sessionCookie, httpOnly: false, path: '/' };
  const { maxAge: _lifetime, ...clearOptions } = options;
  return (req, res, next) => {
    const carried = mayHaveCookie(req.headers.cookie, SIGNED_IN_COOKIE);
    beforeHeaders(res, () => {
      if (req.user) res.cookie(SIGNED_IN_COOKIE, '1', options);
      else if (carried) res.clearCookie(SIGNED_IN_COOKIE, clearOptions);
    });
    next();
  };
}
