import { ClientClosedError, ClientOfflineError, ConnectionTimeoutError, SocketClosedUnexpectedlyError, TimeoutError } from 'redis';

/**
 * Postgres SQLSTATEs of a server going away (admin_shutdown, crash_shutdown, cannot_connect_now, the connection
 * class 08) or too busy to answer in time: query_canceled (statement_timeout) and
 * idle_in_transaction_session_timeout. The request may succeed later: 503, never a 500 with a stack.
 */
const POSTGRES_GONE = /^(57014|57P0[123]|25P03|08\d{3})$/;
const SOCKET_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** pg and ioredis say it only in words. */
const GONE_IN_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Stream isn't writeable|Connection is closed|Command timed out|The client is (closed|offline)/;

/**
 * Whether an error means Postgres or Redis is down, frozen or restarting (the request may succeed later: 503),
 * as opposed to a bug (500).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (
    error instanceof TimeoutError ||
    error instanceof ClientOfflineError ||
    error instanceof ClientClosedError ||
    error instanceof ConnectionTimeoutError ||
    error instanceof SocketClosedUnexpectedlyError
  ) {
    return true;
  }
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (POSTGRES_GONE.test(code) || SOCKET_GONE.has(code)) return true;
  return GONE_IN_WORDS.test((error as Error | null)?.message ?? '');
}
