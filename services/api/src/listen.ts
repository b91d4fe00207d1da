import { createServer, type Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { coded } from '@zaytoon/contract';
import { errorAnswer } from './http/error-handler';
import type { Core } from '@zaytoon/core';
import type { createApp } from './app';

export interface ApiServer {
  server: Server;
  /**
   * Graceful stop: the port closes, requests in flight get up to `graceMs` to finish, and a new request on a
   * connection kept alive meanwhile is refused with 503 and `Connection: close` (the front door retries it on
   * another replica). Whatever is still open after the grace is cut.
   */
  drain(graceMs: number): Promise<void>;
}

/**
 * The API's listening socket: API_HOST (default 127.0.0.1, so a dev machine does not serve its API to
 * the network; the Docker image and k8s set 0.0.0.0) and API_PORT.
 */
export function listenOn(
  app: ReturnType<typeof createApp>,
  config: Pick<Core['config'], 'API_HOST' | 'API_PORT'>,
  onListening?: () => void,
): ApiServer {
  let draining = false;
  const server = createServer((req, res) => {
    if (!draining) return void app(req, res);
    res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close', 'Retry-After': '1' });
    res.end(JSON.stringify(errorAnswer(coded('serviceUnavailable'))));
  });
  server.listen(config.API_PORT, config.API_HOST, onListening);
  return {
    server,
    async drain(graceMs) {
      draining = true;
      const closed = new Promise((resolve) => server.close(resolve));
      // A kept-alive connection whose last request just finished closes now, not when the client next speaks.
      const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      await Promise.race([closed, delay(graceMs, undefined, { ref: false })]);
      clearInterval(closeIdle);
      server.closeAllConnections();
    },
  };
}
