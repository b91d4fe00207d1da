import type { Config } from '../config/config';
import type { Logger } from '../logging/logger';
import { isDependencyUnavailable } from '../errors/dependency-unavailable';

/** Reads one server setting (CONFIG GET); undefined when the server does not say. */
export type ReadRedisSetting = (name: string) => Promise<string | undefined>;

/**
 * What production needs of its Redis: queued jobs and sessions must not be evicted under memory pressure
 * (noeviction) nor lost on a restart (AOF). Each problem is a line for the log.
 */
export async function unsafeRedisSettings(read: ReadRedisSetting): Promise<string[]> {
  const problems: string[] = [];
  const policy = await read('maxmemory-policy');
  if (policy !== 'noeviction') {
    problems.push(
      `Redis maxmemory-policy is ${policy ?? 'unknown'}; it must be noeviction, or Redis drops queued jobs and sessions when memory runs short`,
    );
  }
  const appendOnly = await read('appendonly');
  if (appendOnly !== 'yes') {
    problems.push(`Redis appendonly is ${appendOnly ?? 'unknown'}; it must be yes, or a Redis restart loses every session and queued job`);
  }
  return problems;
}

/** CONFIG GET through ioredis: a flat [name, value] list (RESP2) or a map (RESP3). */
export function configGetReader(configGet: (name: string) => Promise<unknown>): ReadRedisSetting {
  return async (name) => {
    const answer = await configGet(name);
    if (Array.isArray(answer)) return answer[1] === undefined ? undefined : String(answer[1]);
    const value = (answer as Record<string, unknown> | null)?.[name];
    return value === undefined ? undefined : String(value);
  };
}

interface ConnectionEvents {
  on(event: 'ready', listener: () => void): unknown;
}

/**
 * Production's boot check, run each time the connection becomes ready (so a Redis that appears only after the
 * process started, or is swapped for another, is checked too). `refuse` gets the problems; the caller exits.
 */
export function refuseUnsafeRedis(connection: ConnectionEvents, read: ReadRedisSetting, refuse: (problems: string[]) => void): void {
  connection.on('ready', () => {
    unsafeRedisSettings(read).then(
      (problems) => problems.length && refuse(problems),
      (error: Error) => {
        // Gone again before it answered: the next 'ready' checks.
        if (isDependencyUnavailable(error)) return;
        refuse([
          `cannot read the Redis settings (${error.message}); with a hosted Redis that hides CONFIG and keeps noeviction and appendonly, set REDIS_SETTINGS_CHECK=off`,
        ]);
      },
    );
  });
}

/** What the API and worker do with unsafe settings in production: say each problem, then stop. */
export function exitOnUnsafeRedis(log: Logger): (problems: string[]) => never {
  return (problems) => {
    for (const problem of problems) log.fatal(`refusing to run: ${problem}`);
    process.exit(1);
  };
}

/** The production boot check is on unless REDIS_SETTINGS_CHECK=off. */
export function checksRedisSettings(config: Pick<Config, 'NODE_ENV' | 'REDIS_SETTINGS_CHECK'>): boolean {
  return config.NODE_ENV === 'production' && config.REDIS_SETTINGS_CHECK === 'on';
}
