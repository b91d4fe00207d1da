/** Typed error codes; the HTTP edge turns each into a status in one place. */
export type ErrorCode =
  'bad_request' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'unsupported_type' | 'rate_limited' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly retryAfterSeconds?: number,
    /** Fields the answer carries beside `detail` (a merged business's 404 says `merged_into`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new DomainError('bad_request', message, fieldErrors);
export const notFound = (message: string, extra?: Record<string, unknown>) => new DomainError('not_found', message, undefined, undefined, extra);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const conflict = (message: string) => new DomainError('conflict', message);
