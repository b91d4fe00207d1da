import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { CachedAnswer } from '@zaytoon/core';

/** What the route table keeps per URL of a cacheable route, and the front door replays. */
export interface StoredAnswer {
  answer: CachedAnswer;
  /** The headers the contract declares for the route (X-Total-Count, Link), as the handler set them. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The route's metrics label, e.g. /api/businesses/:id. */
  route: string;
}

/** Who an answer is for: admins see report data, everyone else the same public answer. */
export type Audience = 'admin' | 'public';

const MINUTE_MS = 60_000;

/**
 * An 'Open now' answer (issue #16) is of its minute as well as its URL: it is kept for that minute only (London's
 * minutes start when UTC's do). Any other answer, until a write drops it.
 */
export const storedAnswerKey = (audience: Audience, url: string, now = Date.now()) =>
  url.includes('open_now=') ? `url:${audience}:${Math.floor(now / MINUTE_MS)}:${url}` : `url:${audience}:${url}`;

/** Set by the route table on a cacheable route: keeps the answer the handler sends by URL. */
export const KEEP_ANSWER = 'zaytoonKeepAnswer';
export type KeepAnswer = (answer: CachedAnswer) => void;

/**
 * gzip or not, decided as Express's req.acceptsEncodings('gzip', 'identity') would; undefined when the
 * header has parameters (q-values), which only the full negotiation reads right.
 */
export function acceptsGzip(header: string | undefined): boolean | undefined {
  if (!header) return false;
  if (header.includes(';')) return undefined;
  for (const token of header.split(',')) {
    const coding = token.trim().toLowerCase();
    if (coding === 'gzip' || coding === '*') return true;
  }
  return false;
}

/** Weak comparison (RFC 9110 §13.1.2): `*` or any listed tag equal to ours, W/ or not. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag || ifNoneMatch.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

export function appendVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  if (current === undefined) return void res.setHeader('Vary', field);
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  if (!text.split(',').some((part) => part.trim().toLowerCase() === field.toLowerCase())) res.setHeader('Vary', `${text}, ${field}`);
}

/**
 * Writes a cached answer: ETag (made once per answer), 304 to a matching If-None-Match, else the gzip or
 * plain bytes as they are. `Cache-Control: no-cache` asks every cache to revalidate with the ETag; answers
 * for a logged-in user (admins' differ) or that set a cookie are `private`, so no shared cache keeps them.
 */
export function writeCachedAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer, gzip: boolean, loggedIn: boolean): void {
  res.setHeader('ETag', answer.etag);
  res.setHeader('Cache-Control', loggedIn || res.hasHeader('Set-Cookie') ? 'private, no-cache' : 'no-cache');
  appendVary(res, 'Accept-Encoding');
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const compressed = gzip ? answer.gzip : null;
  const body = compressed ?? answer.json;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (compressed) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Sends a cached JSON answer, gzipped when the client accepts it (browsers do), with its ETag. */
export function sendCachedAnswer(req: Request, res: Response, answer: CachedAnswer): void {
  const keep = res.locals[KEEP_ANSWER] as KeepAnswer | undefined;
  if (keep && res.statusCode === 200) keep(answer);
  writeCachedAnswer(req, res, answer, req.acceptsEncodings('gzip', 'identity') === 'gzip', !!req.user);
}
