import { createClient, type RedisClientType } from 'redis';
import { componentLogger } from '../logging/logger';
import { withReplyDeadline } from './reply-deadline';

export interface RedisClientSettings {
  url: string;
  /** A command without a reply by then fails (a frozen Redis makes requests answer 503, it does not hang them). */
  commandTimeoutMs: number;
}

/** Reconnect attempts back off to one a second, so a Redis that is back is used again within about a second. */
export const reconnectDelay = (attempt: number) => Math.min(50 * 2 ** attempt, 1_000);

/**
 * The API's node-redis client (sessions, answer cache, rate limits). While Redis is away, commands fail at once
 * instead of queueing (disableOfflineQueue): a request that needs Redis then answers 503 instead of waiting.
 */
export function createRedisClient(settings: RedisClientSettings): RedisClientType {
  const client = createClient({
    url: settings.url,
    disableOfflineQueue: true,
    socket: { connectTimeout: settings.commandTimeoutMs * 2, keepAlive: true, reconnectStrategy: reconnectDelay },
  }) as RedisClientType;
  const log = componentLogger('redis');
  let down = false;
  client.on('error', (error: Error) => {
    // One line per outage, not one per reconnect attempt.
    if (down) return;
    down = true;
    log.error({ err: error }, `cannot reach Redis at ${redactedUrl(settings.url)}: ${error.message}; calls that need it answer 503 until it is back`);
  });
  client.on('ready', () => {
    if (down) log.info(`Redis at ${redactedUrl(settings.url)} is back`);
    down = false;
  });
  return withReplyDeadline(client, settings.commandTimeoutMs);
}

/**
 * Connects without waiting: the process serves (/healthz, reads from Postgres) while Redis is away, and
 * node-redis keeps trying until it is there.
 */
export function connectInBackground(client: RedisClientType): Promise<void> {
  return client.connect().then(
    () => undefined,
    // Only a client closed before it ever connected gets here (shutdown during an outage).
    () => undefined,
  );
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
