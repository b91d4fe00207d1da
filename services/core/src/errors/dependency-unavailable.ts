/**
 * Postgres SQLSTATEs of a server going away (admin_shutdown, crash_shutdown, cannot_connect_now, the connection
 * class 08) or too busy to answer in time: query_canceled (statement_timeout) and
 * idle_in_transaction_session_timeout. The request may succeed later: 503, never a 500 with a stack.
 */
const POSTGRES_GONE = /^(57014|57P0[123]|25P03|08\d{3})$/;
const SOCKET_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * pg and ioredis say it only in words. ioredis: a command without a reply within `commandTimeout`, sent while
 * the connection is down (no offline queue), or in flight when it dropped.
 */
const GONE_IN_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Stream isn't writeable|Connection is closed|Command timed out|Command aborted due to connection close|Reached the max retries per request limit/;

/**
 * Whether an error means Postgres or Redis is down, frozen or restarting (the request may succeed later: 503),
 * as opposed to a bug (500).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (POSTGRES_GONE.test(code) || SOCKET_GONE.has(code)) return true;
  return GONE_IN_WORDS.test((error as Error | null)?.message ?? '');
}
