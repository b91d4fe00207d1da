import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  API_ROUTES,
  idSchema,
  issueMessage,
  type PlainMessageCode,
  pathIdParam,
  secondPathIdParam,
  type RouteDefinition,
  type RouteInput,
  type RouteName,
  type User,
} from '@zaytoon/contract';
import { answerBytes, businessTag, notFound, parseInput, serializeAnswer, type AnswerCacheRepository, type CachedAnswer } from '@zaytoon/core';
import { requireAccess } from '../middleware/access';
import { KEEP_ANSWER, sendCachedAnswer, storedAnswerKey, writeCachedAnswer, type KeepAnswer, type StoredAnswer } from './send-cached';

/** A handler's request, validated with its route's schemas: `body`, `query` and the path's `id`, typed. */
export type RouteContext<Name extends RouteName = RouteName> = RouteInput<Name> & {
  req: Request;
  res: Response;
  /** Set for every route whose access is 'user' or 'admin'. */
  user: User | null;
};

/** Returns the JSON body of the answer; a handler that answers itself returns undefined. */
export type RouteHandler<Name extends RouteName = RouteName> = (context: RouteContext<Name>) => Promise<unknown> | unknown;
export type RouteHandlers = { [Name in RouteName]: RouteHandler<Name> };

/**
 * The request's parts checked with the route's schemas (a 400 with each field's message), and its path id
 * (a 404 with the route's message when it names nothing: ids are Postgres integers and never reach SQL otherwise).
 */
function pathId(req: Request, param: string | undefined, message: PlainMessageCode | undefined): number | undefined {
  if (!param) return undefined;
  const parsed = idSchema(issueMessage(message!)).safeParse(req.params[param]);
  if (!parsed.success) throw notFound(message!);
  return parsed.data;
}

function validatedInput(definition: RouteDefinition, req: Request): RouteInput<RouteName> {
  const id = pathId(req, pathIdParam(definition), definition.notFound);
  const secondId = pathId(req, secondPathIdParam(definition), definition.secondNotFound);
  // What else reads the body (passport's local strategy at login) reads the validated one.
  if (definition.body) req.body = parseInput(definition.body, req.body);
  return {
    body: definition.body ? req.body : undefined,
    query: definition.query ? parseInput(definition.query, req.query) : undefined,
    params: definition.params ? parseInput(definition.params, req.params) : undefined,
    id,
    secondId,
  } as RouteInput<RouteName>;
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
      const input = validatedInput(definition, req);
      const since = cache.mark();
      const route = req.baseUrl + req.route!.path;
      const keep: KeepAnswer = (answer: CachedAnswer) => {
        const headers: [string, string][] = [];
        for (const name of declaredHeaders) {
          const value = res.getHeader(name);
          if (value !== undefined) headers.push([name, String(value)]);
        }
        const value: StoredAnswer = { answer, headers, route };
        cache.store(key, value, { since, tags: input.id === undefined ? [] : [businessTag(input.id)], bytes: answerBytes(answer) });
      };
      res.locals[KEEP_ANSWER] = keep;
      const body = await handler({ ...input, req, res, user });
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
    const handler = handlers[name]! as RouteHandler;
    if (definition.cacheable) assertCacheable(name, definition);
    const answer: RequestHandler =
      definition.cacheable && cache
        ? cachedRoute(cache, definition, handler)
        : async (req, res, next) => {
            try {
              const body = await handler({ ...validatedInput(definition, req), req, res, user: req.user ?? null });
              if (body !== undefined && !res.headersSent) res.json(body);
            } catch (error) {
              next(error);
            }
          };
    router[definition.method](definition.path, requireAccess(definition.access), ...(middlewareByRoute[name] ?? []), answer);
  }
  return router;
}
