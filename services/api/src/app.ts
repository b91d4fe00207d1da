import path from 'node:path';
import express, { type RequestHandler } from 'express';
import passport from 'passport';
import type { RouteName } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import { authController } from './controllers/auth.controller.js';
import { accountController, pictureUpload } from './controllers/account.controller.js';
import { adminController } from './controllers/admin.controller.js';
import { businessesController } from './controllers/businesses.controller.js';
import { communityController } from './controllers/community.controller.js';
import { opsRouter } from './controllers/ops.controller.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { buildApiRouter } from './http/route-table.js';
import { requireAccess } from './middleware/access.js';
import { csrfProtection } from './middleware/csrf.js';
import { requestMetrics } from './middleware/metrics.js';
import { RateLimiter } from './middleware/rate-limit.js';
import { rateLimitsByRoute } from './middleware/rate-limit-rules.js';
import { securityHeaders } from './middleware/security-headers.js';
import { sessionMiddleware } from './middleware/session.js';
import { BULL_BOARD_PATH, bullBoardRouter } from './ops/bull-board.js';

export function createApp(core: Core) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 1);
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
  const csrf = csrfProtection({ allowedOrigins: [core.config.PUBLIC_ORIGIN], secureCookie: core.config.NODE_ENV === 'production' });
  // Every /ops route is for admins, and bull-board's own writes (retry, clean) carry the XSRF echo via axios.
  app.use('/ops', csrf, ...session, requireAccess('admin'));
  app.use(BULL_BOARD_PATH, bullBoardRouter(core));
  app.use(
    '/api',
    csrf,
    express.json({ limit: '100kb' }),
    ...session,
    passport.initialize(),
    buildApiRouter(
      {
        ...authController(core),
        ...accountController(core),
        ...businessesController(core),
        ...communityController(core),
        ...adminController(core),
      },
      middlewareByRoute,
    ),
  );
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
