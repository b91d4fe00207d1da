import { loadConfig } from '@zaytoon/core/config/config.ts';
import { bootWorker, type RunningWorker } from './worker.ts';
import { loadWorkerSettings } from './worker.config.ts';

const log = (message: string) => console.log(`[worker] ${message}`);

let worker: RunningWorker;
try {
  const config = loadConfig();
  worker = await bootWorker({ config, settings: loadWorkerSettings(config), log });
} catch (error) {
  console.error(`[worker] failed to start: ${(error as Error).message}`);
  process.exit(1);
}

let signals = 0;
async function shutdown(signal: string) {
  signals += 1;
  if (signals > 1) {
    // A second signal: stop waiting; unfinished jobs go back to the queue via stalled-job recovery.
    log(`${signal} again: stopping now`);
    process.exit(1);
  }
  log(`${signal}: finishing the jobs in hand, then exiting`);
  try {
    await worker.stop();
    log('stopped');
    process.exit(0);
  } catch (error) {
    console.error(`[worker] shutdown failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
