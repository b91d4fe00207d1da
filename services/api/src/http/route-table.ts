import { Router, type Request, type RequestHandler, type Response } from 'express';
import { API_ROUTES, type RouteDefinition, type RouteName, type User } from '@zaytoon/contract';
import { requireAccess } from '../middleware/access.js';

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
 * Mounts every route of the contract's list. Boot fails when a route has no handler,
 * and access (public, user, admin) is enforced here from the list, never by each handler.
 */
export function buildApiRouter(handlers: Partial<RouteHandlers>, middlewareByRoute: Partial<Record<RouteName, RequestHandler[]>>): Router {
  const missing = (Object.keys(API_ROUTES) as RouteName[]).filter((name) => !handlers[name]);
  if (missing.length) throw new Error(`No handler for API routes: ${missing.join(', ')}`);

  const router = Router();
  for (const [name, definition] of Object.entries(API_ROUTES) as [RouteName, RouteDefinition][]) {
    const handler = handlers[name]!;
    router[definition.method](definition.path, requireAccess(definition.access), ...(middlewareByRoute[name] ?? []), async (req, res, next) => {
      try {
        const body = await handler({ req, res, user: req.user ?? null, id: pathId(req) });
        if (body !== undefined && !res.headersSent) res.json(body);
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}
