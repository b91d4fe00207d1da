import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { API_ROUTES, type RouteName } from '@zaytoon/contract';
import { adminSecondFactorRequired, componentLogger, withRequestId, type Core, type Logger } from '@zaytoon/core';
import { authController } from './controllers/auth.controller';
import { accountController, pictureUpload } from './controllers/account.controller';
import { adminController } from './controllers/admin.controller';
import { alertsController } from './controllers/alerts.controller';
import { brandsController } from './controllers/brands.controller';
import { secondFactorController } from './controllers/second-factor.controller';

import { emailConfirmationController } from './controllers/email-confirmation.controller';
import { businessesController } from './controllers/businesses.controller';
import { communityController } from './controllers/community.controller';
import { opsRouter } from './controllers/ops.controller';
import { openDataController } from './controllers/open-data.controller';
import { photosController, photoUpload } from './controllers/photos.controller';
import { partnersController } from './controllers/partners.controller';
import { privateByDefault } from './http/answer-caching';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { assignRequestId } from './http/request-id';
import { buildApiRouter } from './http/route-table';
import { requireAccess, requireAdminSecondFactor } from './middleware/access';
import { csrfProtection, xsrfCookieIssuer } from './middleware/csrf';
import { PARTNER_PATHS, partnerKeys } from './middleware/partner-key';
import { requestMetrics } from './middleware/metrics';
import { RateLimiter } from './middleware/rate-limit';
import { rateLimitsByRoute } from './middleware/rate-limit-rules';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { sessionMiddleware } from './middleware/session';
import { storedFiles } from './http/stored-files';
import { BULL_BOARD_PATH, bullBoardRouter } from './ops/bull-board';

export function createApp(core: Core, options: { logger?: Logger } = {}): Express {
  const logger = options.logger ?? componentLogger('api');
  const app = express();
  app.disable('x-powered-by');
  // Every request's id is current for the rest of it: its log lines and the jobs it enqueues carry it.
  app.use((req, res, next) => withRequestId(assignRequestId(req, res), next));
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
  middlewareByRoute.uploadPhoto = [...(middlewareByRoute.uploadPhoto ?? []), photoUpload];
  const secondFactorRequired = adminSecondFactorRequired(core.config);
  for (const [name, { access }] of Object.entries(API_ROUTES) as [RouteName, (typeof API_ROUTES)[RouteName]][]) {
    middlewareByRoute[name] = [requireAdminSecondFactor(secondFactorRequired, name, access), ...(middlewareByRoute[name] ?? [])];
  }

  // A photo's files are named by a digest of their upload and never rewritten: caches may keep them for good.
  const PHOTO_CACHING = 'public, max-age=31536000, immutable';
  // Only a listed photo's files are served: a hidden one's answer 404 until an admin keeps it.
  const listedPhotoFiles: RequestHandler = (req, _res, next) => {
    core.services.photos.isServable(`photos${req.path}`).then((servable) => next(servable ? undefined : 'router'), next);
  };
  const photoFiles = express.Router();
  photoFiles.use(listedPhotoFiles);
  if (core.config.STORAGE_S3) {
    app.use('/api/uploads/avatars', storedFiles(core.repositories.storage, 'avatars', 'public, max-age=86400'));
    photoFiles.use(storedFiles(core.repositories.storage, 'photos', PHOTO_CACHING));
  } else {
    app.use(
      '/api/uploads/avatars',
      express.static(path.resolve(core.config.UPLOAD_DIR, 'avatars'), {
        index: false,
        dotfiles: 'deny',
        maxAge: '1d',
        setHeaders: (res) => res.setHeader('Content-Type', 'image/webp'),
      }),
    );
    photoFiles.use(
      express.static(path.resolve(core.config.UPLOAD_DIR, 'photos'), {
        index: false,
        dotfiles: 'deny',
        immutable: true,
        maxAge: '365d',
        setHeaders: (res) => res.setHeader('Content-Type', 'image/webp'),
      }),
    );
  }
  app.use('/api/uploads/photos', photoFiles);
  const secureCookie = core.config.NODE_ENV === 'production';
  const csrf = csrfProtection({
    allowedOrigins: [core.config.PUBLIC_ORIGIN],
    oneClickPaths: [API_ROUTES.unsubscribeAlert.path],
    partnerPaths: PARTNER_PATHS,
  });
  const xsrfCookie = xsrfCookieIssuer({ secureCookie, issuingPaths: [API_ROUTES.me.path, API_ROUTES.adminStatus.path] });
  // Every /ops route is for admins, and bull-board's own writes (retry, clean) carry the XSRF echo via axios.
  app.use(
    '/ops',
    privateByDefault,
    csrf,
    ...session,
    xsrfCookie,
    requireAccess('admin'),
    requireAdminSecondFactor(secondFactorRequired, 'ops', 'admin'),
  );
  app.use(BULL_BOARD_PATH, bullBoardRouter(core));
  app.use(
    '/api',
    privateByDefault,
    csrf,
    express.json({ limit: '100kb' }),
    ...session,
    xsrfCookie,
    partnerKeys(core, rateLimiter),
    buildApiRouter(
      {
        ...authController(core),
        ...accountController(core),
        ...businessesController(core),
        ...communityController(core),
        ...adminController(core),
        ...alertsController(core),
        ...brandsController(core),
        ...emailConfirmationController(core),
        ...openDataController(core),
        ...photosController(core),
        ...partnersController(core),
        ...secondFactorController(core),
      },
      middlewareByRoute,
    ),
  );
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
