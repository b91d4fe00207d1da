import { Router } from 'express';
import { buildOpenApiDocument } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import { registerQueueMetrics } from '../middleware/metrics.js';
import { metricsRegistry } from '../middleware/metrics.js';

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
      core.db.query('SELECT 1').then(() => true, () => false),
      core.redis.ping().then(() => true, () => false),
    ]);
    res.status(postgres && redis ? 200 : 503).json({ status: postgres && redis ? 'ready' : 'unavailable', postgres, redis });
  });

  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });

  router.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });

  return router;
}
