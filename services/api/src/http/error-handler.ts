import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { coded, type CodedMessage, type ErrorResponse, type PlainMessageCode } from '@zaytoon/contract';
import { DomainError, isDependencyUnavailable, type ErrorKind, type FieldErrors } from '@zaytoon/core';

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  locked: 423,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

/** CONTRACT's `{detail, errors}` with the message codes beside them: `code`/`params` for detail, `codes` field by field. */
export function errorAnswer(message: CodedMessage, fieldErrors?: FieldErrors): ErrorResponse {
  const fields = Object.entries(fieldErrors ?? {});
  return {
    detail: message.text,
    code: message.code,
    ...(message.params ? { params: message.params as ErrorResponse['params'] } : {}),
    ...(fieldErrors
      ? {
          errors: Object.fromEntries(fields.map(([field, { text }]) => [field, text])),
          codes: Object.fromEntries(
            fields.map(([field, { code, params }]) => [field, params ? { code, params: params as ErrorResponse['params'] } : { code }]),
          ),
        }
      : {}),
  };
}

export const sendError = (res: Response, status: number, code: PlainMessageCode) => void res.status(status).json(errorAnswer(coded(code)));

/**
 * The one place where errors become HTTP answers: always `{detail, code}`, never HTML or a stack trace. Unexpected
 * errors are logged (with their stack and the request id, through pino-http's request logger) instead.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(STATUS_BY_KIND[error.kind]).json({ ...errorAnswer(error.asMessage(), error.fieldErrors), ...error.extra });
    return;
  }
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') return sendError(res, 400, 'invalidJson');
  if (type === 'entity.too.large') return sendError(res, 413, 'bodyTooLarge');
  const status = (error as { status?: number }).status;
  if (status && status >= 400 && status < 500) return sendError(res, status, 'invalidRequest');
  if (isDependencyUnavailable(error)) {
    req.log.error({ err: error }, `${req.method} ${req.originalUrl}: dependency unavailable: ${(error as Error).message}`);
    return sendError(res, 503, 'serviceUnavailable');
  }
  req.log.error({ err: error }, `${req.method} ${req.originalUrl}: ${(error as Error)?.message ?? String(error)}`);
  sendError(res, 500, 'internalError');
};

export const notFoundHandler: RequestHandler = (_req, res) => sendError(res, 404, 'notFound');
