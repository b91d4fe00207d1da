import {
  checksRedisSettings,
  componentLogger,
  configGetReader,
  createCore,
  exitOnUnsafeRedis,
  flushTraces,
  loadConfig,
  refuseUnsafeRedis,
  reportPostgresReachability,
  type Core,
} from '@zaytoon/core';
import { createApp } from './app';
import { listenOn, type ApiServer } from './listen';

/** SIGTERM to exit: requests in flight get this long, then the pools close (CONTRACT and k8s allow 10 s in all). */
const DRAIN_GRACE_MS = 7_000;
const CLOSE_GRACE_MS = 2_000;

const log = componentLogger('api');
let core: Core;
let server: ApiServer;
try {
  const config = loadConfig();
  core = createCore(config);
  reportPostgresReachability(core.db, config.DATABASE_URL, log);
  if (checksRedisSettings(config))
    refuseUnsafeRedis(
      core.redis,
      configGetReader((name) => core.redis.config('GET', name)),
      exitOnUnsafeRedis(log),
    );
  parsePendingHoursOnce(core);
  const app = createApp(core, { logger: log });
  server = listenOn(app, config, () => log.info(`listening on http://${config.API_HOST}:${config.API_PORT}`));
  server.server.on('error', (error) => {
    log.fatal({ err: error }, `cannot listen on ${config.API_HOST}:${config.API_PORT}: ${error.message}`);
    process.exit(1);
  });
} catch (error) {
  log.fatal({ err: error }, `failed to start: ${(error as Error).message}`);
  process.exit(1);
}

/**
 * The one-off backfill of 'Open now' (docs/decisions/0020-opening-hours.md): the hours of rows written before
 * migration 014, or by SQL that bypasses the repository, get their open intervals. Cheap when none wait (a partial
 * index); retried while Postgres is away. Replicas that run it together write the same values.
 */
function parsePendingHoursOnce(started: Core, retryMs = 10_000) {
  started.repositories.businesses.parsePendingHours().then(
    (parsed) => parsed && log.info(`opening hours parsed for ${parsed} businesses`),
    (error: Error) => {
      log.warn({ err: error }, `opening hours not parsed yet: ${error.message}`);
      setTimeout(() => parsePendingHoursOnce(started, retryMs), retryMs).unref();
    },
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: finishing the requests in flight, refusing new ones`);
  await server.drain(DRAIN_GRACE_MS);
  await Promise.race([core.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
  await flushTraces();
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
