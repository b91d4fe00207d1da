import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  API_ROUTES,
  CACHE_CONTROL,
  idSchema,
  issueMessage,
  type PlainMessageCode,
  pathIdParam,
  secondPathIdParam,
  type RouteDefinition,
  type RouteInput,
  type RouteName,
  successStatus,
  type User,
} from '@zaytoon/contract';
import { notFound, parseInput } from '@zaytoon/core';
import { requireAccess } from '../middleware/access';
import { isPublicAnswer } from './answer-caching';

/** The caller a route's handler sees: always a user where its access is 'user' or 'admin' (the route table refused the others), else maybe nobody. */
export type RouteUser<Name extends RouteName> = (typeof API_ROUTES)[Name]['access'] extends 'public' | 'partner' ? User | null : User;

/** A handler's request, validated with its route's schemas: `body`, `query` and the path's `id`, typed; `user` typed by the route's access. */
export type RouteContext<Name extends RouteName = RouteName> = RouteInput<Name> & {
  req: Request;
  res: Response;
  user: RouteUser<Name>;
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

/** A cacheable route's answer is the same for every visitor (CONTRACT.md: report data only for admins, who are signed in). */
function assertCacheable(name: string, definition: RouteDefinition): void {
  if (definition.method !== 'get' || definition.access !== 'public') throw new Error(`cacheable route ${name} must be a public GET`);
}

/**
 * Mounts every route of the contract's list. Boot fails when a route has no handler,
 * and access (public, user, admin) is enforced here from the list, never by each handler.
 */
export function buildApiRouter(handlers: Partial<RouteHandlers>, middlewareByRoute: Partial<Record<RouteName, RequestHandler[]>>): Router {
  const missing = (Object.keys(API_ROUTES) as RouteName[]).filter((name) => !handlers[name]);
  if (missing.length) throw new Error(`No handler for API routes: ${missing.join(', ')}`);

  const router = Router();
  for (const [name, definition] of Object.entries(API_ROUTES) as [RouteName, RouteDefinition][]) {
    const handler = handlers[name]! as RouteHandler;
    if (definition.cacheable) assertCacheable(name, definition);
    const answer: RequestHandler = async (req, res, next) => {
      try {
        // requireAccess ran before: a route for members or admins has req.user here.
        const body = await handler({ ...validatedInput(definition, req), req, res, user: req.user ?? null } as RouteContext);
        if (body === undefined || res.headersSent) return;
        // Signed-in answers stay private whatever the route says; a public one keeps a lifetime its route chose (a map
        // tile at its version: immutable), else the contract's.
        if (!isPublicAnswer(definition, req)) res.setHeader('Cache-Control', CACHE_CONTROL.privateAnswer);
        else if (res.getHeader('Cache-Control') === CACHE_CONTROL.privateAnswer) res.setHeader('Cache-Control', CACHE_CONTROL.publicAnswer);
        res.status(successStatus(definition)).json(body);
      } catch (error) {
        next(error);
      }
    };
    router[definition.method](definition.path, requireAccess(definition.access), ...(middlewareByRoute[name] ?? []), answer);
  }
  return router;
}
