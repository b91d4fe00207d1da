import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES } from '@zaytoon/contract';
import { DomainError, isDependencyUnavailable, type ErrorCode } from '@zaytoon/core';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * The one place where errors become HTTP answers: always `{detail}`, never HTML or a stack trace. Unexpected
 * errors are logged (with their stack and the request id, through pino-http's request logger) instead.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res
      .status(STATUS_BY_CODE[error.code])
      .json({ detail: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}), ...error.extra });
    return;
  }
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') return void res.status(400).json({ detail: 'Request body is not valid JSON' });
  if (type === 'entity.too.large') return void res.status(413).json({ detail: MESSAGES.bodyTooLarge });
  const status = (error as { status?: number }).status;
  if (status && status >= 400 && status < 500) return void res.status(status).json({ detail: MESSAGES.invalidRequest });
  if (isDependencyUnavailable(error)) {
    req.log.error({ err: error }, `${req.method} ${req.originalUrl}: dependency unavailable: ${(error as Error).message}`);
    return void res.status(503).json({ detail: MESSAGES.serviceUnavailable });
  }
  req.log.error({ err: error }, `${req.method} ${req.originalUrl}: ${(error as Error)?.message ?? String(error)}`);
  res.status(500).json({ detail: MESSAGES.internalError });
};

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: MESSAGES.notFound });
};
