import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '@zaytoon/core';

/** Probes and scrapes come every few seconds from every replica: they are logged only at debug, unless they fail. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** The fields of an access line: no headers, so cookies and tokens never reach the logs. */
export const accessLineSerializers = {
  req: (req: Request | IncomingMessage) => ({ method: req.method, url: (req as Request).originalUrl ?? req.url }),
  res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
};

export const accessLineMessage = (req: Request | IncomingMessage, status: number, milliseconds: number) =>
  `${req.method} ${(req as Request).originalUrl ?? req.url} ${status} ${milliseconds} ms`;

/** One line per request, with its request id and, for a signed-in user, their id. */
export function requestLog(logger: Logger): RequestHandler {
  const line = (req: Request, res: Response, fields: { res: ServerResponse; responseTime: number }) => ({
    ...fields,
    requestId: req.id,
    ...(req.user ? { userId: req.user.id } : {}),
  });
  return pinoHttp<Request, Response>({
    logger,
    // The standard serializers copy every header first; these read two fields.
    wrapSerializers: false,
    serializers: accessLineSerializers,
    customLogLevel: (req, res, error) => (error || res.statusCode >= 500 ? 'error' : PROBES.has(req.path) ? 'debug' : 'info'),
    customSuccessObject: line,
    // The error itself is logged by the error handler, with its stack; this line is the access line.
    customErrorObject: (req, res, _error, fields) => line(req, res, fields),
    customSuccessMessage: (req, res, milliseconds) => accessLineMessage(req, res.statusCode, milliseconds),
    // pino-http passes the response time as a fourth argument its types leave out.
    customErrorMessage: (req, res, _error, milliseconds?: number) => accessLineMessage(req, res.statusCode, milliseconds ?? 0),
  }) as unknown as RequestHandler;
}
