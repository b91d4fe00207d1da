import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { API_ROUTES, type RouteName } from '@zaytoon/contract';
import { componentLogger, withRequestId, type Core, type Logger } from '@zaytoon/core';
import { authController } from './controllers/auth.controller';
import { accountController, pictureUpload } from './controllers/account.controller';
import { adminController } from './controllers/admin.controller';
import { alertsController } from './controllers/alerts.controller';
import { businessesController } from './controllers/businesses.controller';
import { communityController } from './controllers/community.controller';
import { opsRouter } from './controllers/ops.controller';
import { openDataController } from './controllers/open-data.controller';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { cachedAnswerFrontDoor } from './http/front-door';
import { assignRequestId } from './http/request-id';
import { buildApiRouter } from './http/route-table';
import { requireAccess } from './middleware/access';
import { csrfProtection } from './middleware/csrf';
import { requestMetrics } from './middleware/metrics';
import { RateLimiter } from './middleware/rate-limit';
import { rateLimitsByRoute } from './middleware/rate-limit-rules';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { sessionMiddleware } from './middleware/session';
import { BULL_BOARD_PATH, bullBoardRouter } from './ops/bull-board';

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;

/**
 * Gives every request its id, and runs the rest of it with that id current (so its log lines and the jobs it
 * enqueues carry it). Then puts the front door before Express: a visitor's GET of a URL whose answer is kept is
 * answered without Express's request setup, middleware chain and router (most of the cost of a cached answer,
 * measured in infra/load/README.md). Whatever calls the app (app.listen, http.createServer(app)) goes through it.
 */
function withFrontDoor(app: Express, frontDoor: (req: IncomingMessage, res: ServerResponse) => boolean): Express {
  const expressHandle = (app as unknown as { handle: Handle }).handle;
  (app as unknown as { handle: Handle }).handle = function handle(this: unknown, req, res, callback) {
    const requestId = assignRequestId(req, res);
    // The front door answers synchronously and names the id itself: only Express's work needs the context.
    if (!frontDoor(req, res)) withRequestId(requestId, () => expressHandle.call(this, req, res, callback));
  };
  return app;
}

export function createApp(core: Core, options: { logger?: Logger } = {}): Express {
  const logger = options.logger ?? componentLogger('api');
  const app = express();
  app.disable('x-powered-by');
  // Only the configured proxies may name the client's address: anyone reaching the port directly is who they are.
  try {
    app.set('trust proxy', core.config.TRUST_PROXY);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }
  app.use(requestLog(logger));
  app.use(securityHeaders());
  app.use(requestMetrics);
  app.use(opsRouter(core));

  const session = sessionMiddleware(core);
  const rateLimiter = new RateLimiter(core.redis, core.config.RATE_LIMIT_ALLOWLIST);
  const middlewareByRoute: Partial<Record<RouteName, RequestHandler[]>> = Object.fromEntries(
    Object.entries(rateLimitsByRoute(core.config, core.repositories.users)).map(([name, rules]) => [name, [rateLimiter.middleware(...rules)]]),
  );
  middlewareByRoute.uploadProfilePicture = [...(middlewareByRoute.uploadProfilePicture ?? []), pictureUpload];

  app.use(
    '/api/uploads/avatars',
    express.static(path.resolve(core.config.UPLOAD_DIR, 'avatars'), {
      index: false,
      dotfiles: 'deny',
      maxAge: '1d',
      setHeaders: (res) => res.setHeader('Content-Type', 'image/webp'),
    }),
  );
  const secureCookie = core.config.NODE_ENV === 'production';
  const csrf = csrfProtection({ allowedOrigins: [core.config.PUBLIC_ORIGIN], secureCookie, oneClickPaths: [API_ROUTES.unsubscribeAlert.path] });
  // Every /ops route is for admins, and bull-board's own writes (retry, clean) carry the XSRF echo via axios.
  app.use('/ops', csrf, ...session, requireAccess('admin'));
  app.use(BULL_BOARD_PATH, bullBoardRouter(core));
  app.use(
    '/api',
    csrf,
    express.json({ limit: '100kb' }),
    ...session,
    buildApiRouter(
      {
        ...authController(core),
        ...accountController(core),
        ...businessesController(core),
        ...communityController(core),
        ...adminController(core),
        ...alertsController(core),
        ...openDataController(core),
      },
      middlewareByRoute,
      core.repositories.cache,
    ),
  );
  app.use(notFoundHandler);
  app.use(errorHandler);
  return withFrontDoor(app, cachedAnswerFrontDoor(core.repositories.cache, { secureCookie, logger }));
}
