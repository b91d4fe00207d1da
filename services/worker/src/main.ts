import { loadConfig, componentLogger, checksRedisSettings, exitOnUnsafeRedis, flushTraces } from '@zaytoon/core';
import { bootWorker, type RunningWorker } from './worker';
import { loadWorkerSettings } from './worker.config';

const log = componentLogger('worker');

let worker: RunningWorker;
try {
  const config = loadConfig();
  const refuseUnsafeRedis = checksRedisSettings(config) ? exitOnUnsafeRedis(log) : undefined;
  worker = await bootWorker({ config, settings: loadWorkerSettings(config), logger: log, refuseUnsafeRedis });
} catch (error) {
  log.fatal({ err: error }, `failed to start: ${(error as Error).message}`);
  process.exit(1);
}

let signals = 0;
async function shutdown(signal: string) {
  signals += 1;
  if (signals > 1) {
    // A second signal: stop waiting; unfinished jobs go back to the queue via stalled-job recovery.
    log.warn(`${signal} again: stopping now`);
    process.exit(1);
  }
  log.info(`${signal}: finishing the jobs in hand, then exiting`);
  try {
    await worker.stop();
    await flushTraces();
    log.info('stopped');
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, `shutdown failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
