import { componentLogger, createCore, loadConfig, type Core } from '@zaytoon/core';
import { createApp } from './app.js';
import { listenOn } from './listen.js';

const log = componentLogger('api');
let config: Core['config'];
let core: Core;
let app: ReturnType<typeof createApp>;
try {
  config = loadConfig();
  core = await createCore(config);
  app = createApp(core, { logger: log });
} catch (error) {
  log.fatal({ err: error }, `failed to start: ${(error as Error).message}`);
  process.exit(1);
}
const server = listenOn(app, config, () => {
  log.info(`listening on http://${config.API_HOST}:${config.API_PORT}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: closing`);
  // Requests in flight finish before the pools they use are closed; a stuck one gets 10 s.
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  await core.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
