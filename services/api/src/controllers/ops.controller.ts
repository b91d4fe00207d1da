import { timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { buildOpenApiDocument } from '@zaytoon/contract';
import { sendError } from '../http/error-handler';
import type { Core } from '@zaytoon/core';
import { registerQueueMetrics } from '../middleware/metrics';
import { metricsRegistry } from '../middleware/metrics';

/**
 * /metrics is for the scraper, not the public: with METRICS_TOKEN set it needs that bearer token; without one
 * it is open outside production (npm start, npm test) and absent in production.
 */
function metricsAccess(config: Core['config']): RequestHandler {
  const expected = config.METRICS_TOKEN ? Buffer.from(`Bearer ${config.METRICS_TOKEN}`) : null;
  return (req, res, next) => {
    if (!expected) {
      if (config.NODE_ENV === 'production') return sendError(res, 404, 'notFound');
      return next();
    }
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    sendError(res, 401, 'metricsTokenRequired');
  };
}

/** Liveness, readiness, Prometheus metrics and the OpenAPI document. */
export function opsRouter(core: Core): Router {
  const router = Router();
  const openApiDocument = buildOpenApiDocument(core.config.PRODUCT_NAME);
  registerQueueMetrics(core);

  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const [postgres, redis] = await Promise.all([
      core.db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      core.redis.ping().then(
        () => true,
        () => false,
      ),
    ]);
    res.status(postgres && redis ? 200 : 503).json({ status: postgres && redis ? 'ready' : 'unavailable', postgres, redis });
  });

  router.get('/metrics', metricsAccess(core.config), async (_req, res) => {
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });

  router.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });

  return router;
}
