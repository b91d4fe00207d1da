import { Router, type Request, type RequestHandler, type Response } from 'express';
import { API_ROUTES, type RouteDefinition, type RouteName, type User } from '@zaytoon/contract';
import { answerBytes, businessTag, serializeAnswer, type AnswerCacheRepository, type CachedAnswer } from '@zaytoon/core';
import { requireAccess } from '../middleware/access.js';
import { KEEP_ANSWER, sendCachedAnswer, storedAnswerKey, writeCachedAnswer, type KeepAnswer, type StoredAnswer } from './send-cached.js';

export interface RouteContext {
  req: Request;
  res: Response;
  /** Set for every route whose access is 'user' or 'admin'. */
  user: User | null;
  id: number;
}

/** Returns the JSON body of the answer; a handler that answers itself returns undefined. */
export type RouteHandler = (context: RouteContext) => Promise<unknown> | unknown;
export type RouteHandlers = Record<RouteName, RouteHandler>;

/** Ids are Postgres integers; anything else matches nothing (and never reaches SQL). */
const MAX_ID = 2_147_483_647;

function pathId(req: Request): number {
  const raw = req.params.id ?? req.params.commentId;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : NaN;
}

/**
 * A cacheable route's answer depends on its URL and on whether the viewer is an admin, nothing else
 * (CONTRACT.md: report data only for admins). Its `:id` is a business's: a vote drops that business's answers.
 */
function assertCacheable(name: string, definition: RouteDefinition): void {
  if (definition.method !== 'get' || definition.access !== 'public') throw new Error(`cacheable route ${name} must be a public GET`);
  const params = definition.path.match(/:\w+/g) ?? [];
  if (params.length && (params.length > 1 || !definition.path.startsWith('/businesses/:id'))) {
    throw new Error(`cacheable route ${name}: the only path parameter a cached answer may have is a business id (/businesses/:id)`);
  }
}

/**
 * Cacheable routes (the contract's `cacheable: true`): answers carry an ETag (304 on If-None-Match) and are
 * kept per URL and audience until a business write (any process) or a vote on that business drops them.
 * A handler that returns a body has it serialized once here; one that sends a cached answer itself
 * (sendCachedAnswer) has that answer kept. Visitors' answers are then served by the front door.
 */
function cachedRoute(cache: AnswerCacheRepository, definition: RouteDefinition, handler: RouteHandler): RequestHandler {
  const declaredHeaders = Object.keys(definition.responseHeaders ?? {});
  return async (req, res, next) => {
    try {
      const user = req.user ?? null;
      const key = storedAnswerKey(user?.is_admin ? 'admin' : 'public', req.originalUrl);
      const stored = cache.peek<StoredAnswer>(key);
      if (stored) {
        for (const [name, value] of stored.headers) res.setHeader(name, value);
        writeCachedAnswer(req, res, stored.answer, req.acceptsEncodings('gzip', 'identity') === 'gzip', !!user);
        return;
      }
      const id = pathId(req);
      const since = cache.mark();
      const route = req.baseUrl + req.route!.path;
      const keep: KeepAnswer = (answer: CachedAnswer) => {
        const headers: [string, string][] = [];
        for (const name of declaredHeaders) {
          const value = res.getHeader(name);
          if (value !== undefined) headers.push([name, String(value)]);
        }
        const value: StoredAnswer = { answer, headers, route };
        cache.store(key, value, { since, tags: Number.isNaN(id) ? [] : [businessTag(id)], bytes: answerBytes(answer) });
      };
      res.locals[KEEP_ANSWER] = keep;
      const body = await handler({ req, res, user, id });
      if (body === undefined || res.headersSent) return;
      const answer = await serializeAnswer(body);
      if (!res.headersSent) sendCachedAnswer(req, res, answer);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Mounts every route of the contract's list. Boot fails when a route has no handler,
 * and access (public, user, admin) is enforced here from the list, never by each handler.
 */
export function buildApiRouter(
  handlers: Partial<RouteHandlers>,
  middlewareByRoute: Partial<Record<RouteName, RequestHandler[]>>,
  cache?: AnswerCacheRepository,
): Router {
  const missing = (Object.keys(API_ROUTES) as RouteName[]).filter((name) => !handlers[name]);
  if (missing.length) throw new Error(`No handler for API routes: ${missing.join(', ')}`);

  const router = Router();
  for (const [name, definition] of Object.entries(API_ROUTES) as [RouteName, RouteDefinition][]) {
    const handler = handlers[name]!;
    if (definition.cacheable) assertCacheable(name, definition);
    const answer: RequestHandler =
      definition.cacheable && cache
        ? cachedRoute(cache, definition, handler)
        : async (req, res, next) => {
            try {
              const body = await handler({ req, res, user: req.user ?? null, id: pathId(req) });
              if (body !== undefined && !res.headersSent) res.json(body);
            } catch (error) {
              next(error);
            }
          };
    router[definition.method](definition.path, requireAccess(definition.access), ...(middlewareByRoute[name] ?? []), answer);
  }
  return router;
}
