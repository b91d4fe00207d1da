import type { RequestHandler } from 'express';
import client from 'prom-client';
import { setQueueCounts, type Core } from '@zaytoon/core';

export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

const requestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'API request duration by route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

/** One labelled series per method, route and status, found once (prom-client hashes the labels on every call otherwise). */
const series = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const key = `${method} ${status} ${route}`;
  let child = series.get(key);
  if (!child) series.set(key, (child = requestDuration.labels(method, route, String(status))));
  child.observe(seconds);
}

export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.on('finish', () => {
    const route = req.route?.path ? req.baseUrl + req.route.path : 'unmatched';
    observeRequest(req.method, route, res.statusCode, (performance.now() - started) / 1000);
  });
  next();
};

/** Queue depth and outcome counts per queue, read from BullMQ when Prometheus scrapes. */
export function registerQueueMetrics(core: Core): void {
  if (metricsRegistry.getSingleMetric('bullmq_jobs')) return;
  new client.Gauge({
    name: 'bullmq_jobs',
    help: 'BullMQ jobs per queue and state (completed and failed: those still kept)',
    labelNames: ['queue', 'state'],
    registers: [metricsRegistry],
    async collect() {
      await setQueueCounts(core.jobs.queues, (labels, value) => this.set(labels, value));
    },
  });
}
