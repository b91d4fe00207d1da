import { loadConfig } from './config/config';
import { createCore, type Core } from './container';
import { createMigratedDatabase, testServerUrl } from './db/throwaway-db';

/** Core's own tests own this Redis database, which they flush (the API's use 2, the worker's 3, the browser tests 1, 4 and 6, the bench smoke runs 5, the tracing test 7). */
const CORE_TEST_REDIS_DB = 8;

export interface TestCore {
  core: Core;
  stop(): Promise<void>;
}

/**
 * The services as the API and the worker get them (createCore binds the repositories), over a fresh migrated database
 * and the test Redis: the rules of a service tested by calling it, without HTTP in between.
 */
export async function startTestCore(env: Record<string, string> = {}): Promise<TestCore> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('REDIS_URL must point at the test Redis (npm test sets it; see README "Tests of one workspace")');
  const redis = new URL(redisUrl);
  redis.pathname = `/${CORE_TEST_REDIS_DB}`;
  const database = await createMigratedDatabase(testServerUrl(), 'core_test');
  const core = createCore(
    loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redis.toString(),
      SESSION_SECRET: 'test-session-secret-0123456789abcdef',
      JOB_DATA_KEY: 'test-job-data-key-0123456789abcdef01',
      PASSWORD_ARGON2_MEMORY_KIB: '1024',
      PASSWORD_ARGON2_ITERATIONS: '1',
      ...env,
    }),
  );
  try {
    await core.redisConnected;
    await core.redis.flushdb();
  } catch (error) {
    await core.close();
    await database.drop();
    throw error;
  }
  return {
    core,
    stop: async () => {
      await core.close();
      await database.drop();
    },
  };
}
