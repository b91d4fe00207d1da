/**
 * The readable, non-secret "signed in" hint (docs/decisions/0003-accounts-and-sessions.md): the API sets it beside the session cookie
 * and clears it when the session ends or is found missing, so the shell asks GET /api/auth/me only when a
 * session may exist and a visitor's pages log no 401. It grants nothing; access is decided by the session.
 */
export const SIGNED_IN_COOKIE = 'zaytoon.signed_in';

/** The session cookie (httpOnly, backed by Redis; CONTRACT.md). */
export const SESSION_COOKIE = 'zaytoon.sid';

/** CSRF double-submit (CONTRACT.md): every write echoes the readable XSRF_COOKIE's value in the XSRF_HEADER. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The visitor's chosen language: readable, set by the front ends, read by the API for mails. */
export const LANGUAGE_COOKIE = 'zaytoon.lang';
