import { Redis } from 'ioredis';
import { componentLogger } from '../logging/logger';
import { reconnectDelay } from '../redis/redis-client';

/**
 * Producers fail fast when Redis is down or frozen (the request answers 503); workers wait for it (BullMQ needs
 * maxRetriesPerRequest: null).
 */
export function createQueueConnection(redisUrl: string, role: 'producer' | 'worker', commandTimeoutMs = 1_000): Redis {
  const connection =
    role === 'worker'
      ? new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay })
      : new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: commandTimeoutMs, retryStrategy: reconnectDelay });
  const log = componentLogger('redis');
  let down = false;
  connection.on('error', (error) => {
    // One line per outage, not one per reconnect attempt.
    if (down) return;
    down = true;
    log.error({ role, err: error }, `queue connection (${role}): ${error.message}`);
  });
  connection.on('ready', () => {
    if (down) log.info(`queue connection (${role}): Redis is back`);
    down = false;
  });
  return connection;
}
