import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** nginx's $request_id is 32 hex characters; anything that could break a log line or a header is refused. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The front door's id when it looks safe to log and echo, a new one otherwise. */
export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Gives the request its id (as `req.id`, where pino-http reads it) and echoes it on the answer. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const requestId = requestIdFor(req.headers['x-request-id']);
  req.id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  return requestId;
}
