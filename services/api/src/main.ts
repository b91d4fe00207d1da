import { createCore, loadConfig } from '@zaytoon/core';
import { createApp } from './app.js';

const config = loadConfig();
const core = await createCore(config);
const server = createApp(core).listen(config.API_PORT, () => {
  console.log(`[api] listening on http://localhost:${config.API_PORT}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[api] ${signal}: closing`);
  // Requests in flight finish before the pools they use are closed; a stuck one gets 10 s.
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  await core.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
