import { Redis } from 'ioredis';
import { failFastConnection, logOutages, reconnectDelay } from '../redis/redis-client';

/**
 * Producers fail fast when Redis is down or frozen (the request answers 503); workers wait for it (BullMQ needs
 * maxRetriesPerRequest: null).
 */
export function createQueueConnection(redisUrl: string, role: 'producer' | 'worker', commandTimeoutMs = 1_000): Redis {
  const connection =
    role === 'worker'
      ? new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay })
      : failFastConnection({ url: redisUrl, commandTimeoutMs });
  logOutages(connection, {
    down: (error) => `queue connection (${role}): ${error.message}`,
    back: `queue connection (${role}): Redis is back`,
    fields: { role },
  });
  return connection;
}
