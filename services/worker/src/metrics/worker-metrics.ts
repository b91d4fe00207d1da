import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job, Queue, Worker } from 'bullmq';
import client from 'prom-client';
import { MESSAGES } from '@zaytoon/contract';
import { metricsAccess, setQueueCounts, type Config } from '@zaytoon/core';

export interface WorkerMetrics {
  registry: client.Registry;
  /** Counts each job's run (an attempt) in the duration histogram when it completes or fails. */
  watch(queue: string, worker: Worker): void;
}

/** The worker's own Prometheus metrics: process metrics, queue depths (as the API's) and job durations per queue and job. */
export function createWorkerMetrics(queues: Record<string, Queue>): WorkerMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  new client.Gauge({
    name: 'bullmq_jobs',
    help: 'BullMQ jobs per queue and state (completed and failed: those still kept)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      await setQueueCounts(queues, (labels, value) => this.set(labels, value));
    },
  });
  const durations = new client.Histogram({
    name: 'worker_job_duration_seconds',
    help: 'Time a worker spent on a job run, by queue, job and outcome (each attempt counts)',
    labelNames: ['queue', 'job', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const observe = (queue: string, outcome: 'completed' | 'failed', job: Job | undefined) => {
    if (!job?.processedOn || !job.finishedOn) return;
    durations.observe({ queue, job: job.name, outcome }, Math.max(0, job.finishedOn - job.processedOn) / 1000);
  };
  return {
    registry,
    watch(queue, worker) {
      worker.on('completed', (job) => observe(queue, 'completed', job));
      worker.on('failed', (job) => observe(queue, 'failed', job));
    },
  };
}

/** GET /metrics on WORKER_METRICS_HOST:WORKER_METRICS_PORT, guarded as the API's (METRICS_TOKEN). */
export async function serveWorkerMetrics(
  registry: client.Registry,
  config: Pick<Config, 'METRICS_TOKEN' | 'NODE_ENV'>,
  address: { host: string; port: number },
): Promise<{ port: number; close(): Promise<void> }> {
  const access = metricsAccess(config);
  const server: Server = createServer((req, res) => {
    const verdict = req.method === 'GET' && req.url?.split('?')[0] === '/metrics' ? access(req.headers.authorization) : 'hidden';
    if (verdict !== 'allowed') {
      res.writeHead(verdict === 'hidden' ? 404 : 401, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ detail: verdict === 'hidden' ? MESSAGES.notFound : MESSAGES.metricsTokenRequired }));
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
