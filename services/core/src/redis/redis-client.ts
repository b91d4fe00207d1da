import { Redis } from 'ioredis';
import { componentLogger } from '../logging/logger';

export interface RedisClientSettings {
  url: string;
  /** A command without a reply by then fails (a frozen Redis makes requests answer 503, it does not hang them). */
  commandTimeoutMs: number;
}

/** Reconnect attempts back off to one a second, so a Redis that is back is used again within about a second. */
export const reconnectDelay = (attempt: number) => Math.min(50 * 2 ** attempt, 1_000);

/**
 * A connection that fails fast, so that a request that needs Redis answers 503 instead of waiting for it:
 * - `commandTimeout` counts from the moment a command is sent, so a frozen Redis (SIGSTOP, a stalled VM) fails
 *   each command after `commandTimeoutMs`; a late reply is still read in order and dropped;
 * - while Redis is away, commands fail at once instead of queueing (`enableOfflineQueue: false`);
 * - a command in flight when the connection drops fails instead of being sent again after the reconnect
 *   (`maxRetriesPerRequest: 0`), so that an INCR is never counted twice.
 * It connects at once without being awaited: the process serves (/healthz, reads from Postgres) while Redis is
 * away, and ioredis keeps trying until it is there.
 */
export function failFastConnection(settings: RedisClientSettings): Redis {
  return new Redis(settings.url, {
    commandTimeout: settings.commandTimeoutMs,
    connectTimeout: settings.commandTimeoutMs * 2,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelay,
  });
}

/** The API's Redis client: sessions, rate limits and counters (the queues' producers have their own connection). */
export function createRedisClient(settings: RedisClientSettings): Redis {
  const client = failFastConnection(settings);
  const where = `Redis at ${redactedUrl(settings.url)}`;
  logOutages(client, {
    down: (error) => `cannot reach ${where}: ${error.message}; calls that need it answer 503 until it is back`,
    back: `${where} is back`,
  });
  return client;
}

interface OutageLines {
  down: (error: Error) => string;
  back: string;
  fields?: Record<string, unknown>;
}

/** One error line per outage, not one per reconnect attempt, and one line when it is back. */
export function logOutages(client: Redis, lines: OutageLines): void {
  const log = componentLogger('redis');
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error({ ...lines.fields, err: error }, lines.down(error));
  });
  client.on('ready', () => {
    if (down) log.info(lines.fields ?? {}, lines.back);
    down = false;
  });
}

/** Resolves once the client is first ready, or once it is closed before that (shutdown during an outage). */
export function firstReady(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      client.off('ready', settle);
      client.off('end', settle);
      resolve();
    };
    client.on('ready', settle);
    client.on('end', settle);
  });
}

/**
 * The replies of a transaction (`multi()…exec()`), in order. ioredis answers each command's [error, reply] pair;
 * the first error is thrown, as is an aborted transaction (a WATCHed key changed).
 */
export async function transactionReplies(replies: Promise<[Error | null, unknown][] | null>): Promise<unknown[]> {
  const answered = await replies;
  if (!answered) throw new Error('Redis transaction aborted');
  return answered.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}

export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
