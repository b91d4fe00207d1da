import { type Config, componentLogger, type Logger, reportPostgresReachability, configGetReader, refuseUnsafeRedis } from '@zaytoon/core';
import { HANDLERS } from './handlers/index';
import { buildHandlerRegistry, type JobHandlers } from './jobs/handler-registry';
import { registerSchedules } from './jobs/schedules';
import { startWorkers } from './jobs/worker-runtime';
import { createWorkerMetrics, serveWorkerMetrics } from './metrics/worker-metrics';
import type { WorkerSettings } from './worker.config';
import { createWorkerContainer } from './worker.container';

export interface RunningWorker {
  /** The port of GET /metrics, when WORKER_METRICS_PORT asked for one (0: any free port). */
  metricsPort?: number;
  /** Graceful: jobs in hand finish, then every connection closes. Calling it again returns the same promise. */
  stop(): Promise<void>;
}

/**
 * Boots the job edge. The handler check runs before anything connects, so a missing handler
 * stops the process at once with its name.
 */
export async function bootWorker(options: {
  config: Config;
  settings: WorkerSettings;
  handlers?: JobHandlers;
  /** Where the worker and its jobs log; tests pass one that writes where they can read it. */
  logger?: Logger;
  /** Production: called with the problems when Redis may evict or forget jobs (the caller exits). */
  refuseUnsafeRedis?: (problems: string[]) => void;
}): Promise<RunningWorker> {
  const logger = options.logger ?? componentLogger('worker');
  const registry = buildHandlerRegistry(options.handlers ?? HANDLERS);
  const container = createWorkerContainer(options.config);
  if (options.refuseUnsafeRedis) {
    refuseUnsafeRedis(
      container.redis,
      configGetReader((name) => container.redis.config('GET', name)),
      options.refuseUnsafeRedis,
    );
  }
  reportPostgresReachability(container.db, options.config.DATABASE_URL, logger);
  let metricsServer: Awaited<ReturnType<typeof serveWorkerMetrics>> | undefined;
  try {
    const metrics = createWorkerMetrics(container.jobs.queues);
    if (options.settings.metrics) {
      metricsServer = await serveWorkerMetrics(metrics.registry, options.config, options.settings.metrics);
      logger.info(`metrics on http://${options.settings.metrics.host}:${metricsServer.port}/metrics`);
    }
    const runtime = await startWorkers({
      registry,
      connection: container.redis,
      services: container.services,
      settings: options.settings,
      logger,
      onWorker: (queue, worker) => metrics.watch(queue, worker),
    });
    await registerSchedules(container.jobs.queues, options.settings);
    // The open data files exist from the first boot on (a build only if none or a change since): docs/decisions/0024-open-data.md.
    await container.jobs.enqueue('buildOpenData', { reason: 'boot' });
    logger.info(
      `ready: queues ${[...registry.keys()].join(', ')}; concurrency ${options.settings.concurrency} (images ${options.settings.imagesConcurrency})`,
    );
    let stopping: Promise<void> | undefined;
    return {
      metricsPort: metricsServer?.port,
      stop() {
        stopping ??= runtime
          .close()
          .then(() => metricsServer?.close())
          .then(() => container.close());
        return stopping;
      },
    };
  } catch (error) {
    await metricsServer?.close();
    await container.close().catch(() => {});
    throw error;
  }
}
