import type { RequestHandler } from 'express';
import client from 'prom-client';

export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

const requestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'API request duration by route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const requestMetrics: RequestHandler = (req, res, next) => {
  const stop = requestDuration.startTimer();
  res.on('finish', () => {
    const route = req.route?.path ? req.baseUrl + req.route.path : 'unmatched';
    stop({ method: req.method, route, status: String(res.statusCode) });
  });
  next();
};
