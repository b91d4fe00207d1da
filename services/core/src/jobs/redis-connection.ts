import { Redis } from 'ioredis';
import { componentLogger } from '../logging/logger.js';

/** Producers fail fast when Redis is down; workers wait for it (BullMQ needs maxRetriesPerRequest: null). */
export function createQueueConnection(redisUrl: string, role: 'producer' | 'worker'): Redis {
  const connection =
    role === 'worker'
      ? new Redis(redisUrl, { maxRetriesPerRequest: null })
      : new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  connection.on('error', (error) => componentLogger('redis').error({ role, err: error }, `queue connection (${role}): ${error.message}`));
  return connection;
}
