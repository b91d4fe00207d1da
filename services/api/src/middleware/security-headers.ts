import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The API answers JSON only, so its CSP forbids everything but what bull-board's own page needs. */
const helmetMiddleware = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
});

/**
 * helmet's headers, taken once at boot: with this configuration (no per-request nonce) they are the
 * same on every answer, so running helmet's twelve middlewares per request only repeats the same work.
 */
function captureHelmetHeaders(): { set: ReadonlyArray<readonly [string, string]>; removed: readonly string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  let finished = false;
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  helmetMiddleware({} as never, res as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously; its headers cannot be taken once');
  return { set, removed };
}

const HELMET = captureHelmetHeaders();
/** Every security header of every answer, as helmet sets them. */
export const SECURITY_HEADERS = HELMET.set;

export function setSecurityHeaders(res: ServerResponse): void {
  for (const name of HELMET.removed) res.removeHeader(name);
  for (const [name, value] of HELMET.set) res.setHeader(name, value);
}

export const securityHeaders = (): RequestHandler => (_req, res, next) => {
  setSecurityHeaders(res);
  next();
};
