import type { Server } from 'node:http';
import type { Core } from '@zaytoon/core';
import type { createApp } from './app.js';

/**
 * The API's listening socket: API_HOST (default 127.0.0.1, so a dev machine does not serve its API to
 * the network; the Docker image and k8s set 0.0.0.0) and API_PORT.
 */
export function listenOn(app: ReturnType<typeof createApp>, config: Pick<Core['config'], 'API_HOST' | 'API_PORT'>, onListening?: () => void): Server {
  return app.listen(config.API_PORT, config.API_HOST, onListening);
}
