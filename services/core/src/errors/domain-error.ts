import { coded, type CodedMessage, type MessageCode, type MessageParamValue, type PlainMessageCode } from '@zaytoon/contract';

/** The HTTP kind of an error; the HTTP edge turns each into a status in one place. */
export type ErrorKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** The resource refuses this caller's writes for now (a paused business and a new account). */
  | 'locked'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited'
  | 'unavailable';

/** A message as it is raised: a plain message's code, or a coded message (with params) from `coded()`. */
export type RaisedMessage = PlainMessageCode | CodedMessage;
export type FieldErrors = Record<string, CodedMessage>;

export const toCoded = (message: RaisedMessage): CodedMessage => (typeof message === 'string' ? coded(message) : message);

/** `message` is the English text (CONTRACT's `detail`); `code` and `params` travel with it to the answer. */
export class DomainError extends Error {
  readonly code: MessageCode;
  readonly params?: Record<string, MessageParamValue>;

  constructor(
    readonly kind: ErrorKind,
    message: RaisedMessage,
    readonly fieldErrors?: FieldErrors,
    readonly retryAfterSeconds?: number,
    /** Fields the answer carries beside `detail` (a merged business's 404 says `merged_into`). */
    readonly extra?: Record<string, unknown>,
  ) {
    const { code, params, text } = toCoded(message);
    super(text);
    this.name = 'DomainError';
    this.code = code;
    if (params) this.params = params;
  }

  asMessage(): CodedMessage {
    return { code: this.code, ...(this.params ? { params: this.params } : {}), text: this.message };
  }
}

export const badRequest = (message: RaisedMessage, fieldErrors?: FieldErrors) => new DomainError('bad_request', message, fieldErrors);
export const notFound = (message: RaisedMessage, extra?: Record<string, unknown>) =>
  new DomainError('not_found', message, undefined, undefined, extra);
export const forbidden = (message: RaisedMessage) => new DomainError('forbidden', message);
export const unauthenticated = (message: RaisedMessage) => new DomainError('unauthenticated', message);
export const conflict = (message: RaisedMessage) => new DomainError('conflict', message);
export const locked = (message: RaisedMessage) => new DomainError('locked', message);
