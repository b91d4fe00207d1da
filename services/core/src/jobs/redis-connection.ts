import { Redis } from 'ioredis';

/** Producers fail fast when Redis is down; workers wait for it (BullMQ needs maxRetriesPerRequest: null). */
export function createQueueConnection(redisUrl: string, role: 'producer' | 'worker'): Redis {
  const connection =
    role === 'worker'
      ? new Redis(redisUrl, { maxRetriesPerRequest: null })
      : new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  connection.on('error', (error) => console.error(`[redis:${role}]`, error.message));
  return connection;
}
