import { Router, type RequestHandler } from 'express';
import { buildOpenApiDocument } from '@zaytoon/contract';
import { sendError } from '../http/error-handler';
import { metricsAccess, type Core } from '@zaytoon/core';
import { registerQueueMetrics } from '../middleware/metrics';
import { metricsRegistry } from '../middleware/metrics';

/** /metrics for the scraper only (core's metricsAccess): 404 in production without METRICS_TOKEN, 401 without the token. */
function metricsGuard(config: Core['config']): RequestHandler {
  const access = metricsAccess(config);
  return (req, res, next) => {
    const verdict = access(req.headers.authorization);
    if (verdict === 'allowed') return next();
    sendError(res, verdict === 'hidden' ? 404 : 401, verdict === 'hidden' ? 'notFound' : 'metricsTokenRequired');
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

  router.get('/metrics', metricsGuard(core.config), async (_req, res) => {
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });

  router.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });

  return router;
}
