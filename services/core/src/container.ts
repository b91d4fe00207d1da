import { createClient, type RedisClientType } from 'redis';
import type { Config } from './config/config.js';
import { createPool, type Database } from './db/pool.js';
import { JobQueueRepository } from './jobs/job-queue.repository.js';
import { createQueueConnection } from './jobs/redis-connection.js';
import { SessionIndexRepository } from './sessions/session-index.repository.js';
import { UsersRepository } from './users/users.repository.js';
import { AuthService } from './users/auth.service.js';
import { BusinessesRepository } from './businesses/businesses.repository.js';

/** Wires repositories and services once; both edges (HTTP and jobs) build on it. */
export async function createCore(config: Config) {
  const db: Database = createPool(config.DATABASE_URL);
  const redis = createClient({ url: config.REDIS_URL }) as RedisClientType;
  redis.on('error', (error) => console.error('[redis]', error.message));
  await redis.connect();
  const queueConnection = createQueueConnection(config.REDIS_URL, 'producer');
  const jobs = new JobQueueRepository(queueConnection);

  const repositories = {
    users: new UsersRepository(db),
    businesses: new BusinessesRepository(db),
    sessionIndex: new SessionIndexRepository(redis),
  };
  const services = {
    auth: new AuthService(repositories.users),
  };

  return {
    config,
    db,
    redis,
    jobs,
    repositories,
    services,
    async close() {
      await jobs.close().catch(() => {});
      queueConnection.disconnect();
      await redis.quit().catch(() => {});
      await db.end();
    },
  };
}

export type Core = Awaited<ReturnType<typeof createCore>>;
