import { z } from 'zod';
import { FIELD_LABELS, INPUT_LABELS, LIMITS, LINK_CHECK_RULES, MAX_ID } from '../limits';
import { issueMessage, MESSAGE_CODES, type MessageCode } from '../i18n/message-codes';

/** A row id, in a path or a body: a whole number from 1 to Postgres's integer maximum. */
export const idSchema = (message: string) => z.coerce.number({ error: message }).int().min(1).max(MAX_ID);

/** What a schema's parse yields: a service's input once the route table has validated the request. */
export type Valid<Schema extends z.ZodType> = z.output<Schema>;

export const isoDate = z.string().describe('ISO-8601 timestamp in UTC');

export const isoDay = z.string().describe('a calendar date, YYYY-MM-DD');

const today = () => new Date().toISOString().slice(0, 10);

/** A YYYY-MM-DD day that exists (Date would roll 2026-02-30 over to March) and is not in the future. */
export const pastIsoDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value) && value <= today(), message);

const messageCode = z
  .enum(MESSAGE_CODES as [MessageCode, ...MessageCode[]])
  .describe("the message's stable code: a client shows its own text for it, else `detail`");
const messageParams = z
  .record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]))
  .describe('the values a parameterised message carries, e.g. {"field":"Name","max":100}');

/** CONTRACT's `{detail, errors}`, plus the message codes: `code`/`params` for `detail`, `codes` beside `errors`, field by field. */
export const errorResponse = z.object({
  detail: z.string(),
  code: messageCode,
  params: messageParams.optional(),
  errors: z.record(z.string(), z.string()).optional(),
  codes: z.record(z.string(), z.object({ code: messageCode, params: messageParams.optional() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ message: z.string() });

/**
 * C0 control characters but tab and newline, DEL, and unpaired UTF-16 surrogates (with the u flag a valid pair
 * is one code point, outside the class). Postgres refuses NUL in text and a lone surrogate in jsonb.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
const CLEAN_TEXT = /^[^\u0000-\u0008\u000B-\u001F\u007F\uD800-\uDFFF]*$/u;

/**
 * Every string of a request body or query except passwords starts here: line breaks become '\n', then
 * control characters are refused.
 */
export const inputText = (params?: string | { error: string }) =>
  z
    .string(params)
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .regex(CLEAN_TEXT, issueMessage('controlCharacters'));

/** A trimmed string of at most `max` characters; too long says so in words, with the field's label. */
export const boundedText = (max: number, label: string = INPUT_LABELS.text, params?: string | { error: string }) =>
  inputText(params)
    .trim()
    .max(max, issueMessage('textTooLong', { field: label, max }));

/** A trimmed string; empty after trimming means "required" failed. */
export const requiredText = (message: string, max = 300, label?: string) => boundedText(max, label, { error: message }).min(1, message);

export const optionalText = (max: number, label?: string) => boundedText(max, label).optional().default('');

/** Any control character (C0, DEL, C1 with U+0085) or line and paragraph separator (U+2028, U+2029). */
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]/u;

/**
 * A name (a business's, a member's, a username) and a business's city are one line: they are written into other
 * members' mails, where a line break would start a line of the sender's choosing. Every field
 * that takes one uses this.
 */
export const oneLineText = <Schema extends z.ZodString>(schema: Schema, label: string) =>
  schema.refine((value) => !LINE_BREAK_OR_CONTROL.test(value), issueMessage('textOneLine', { field: label }));

/** An http(s) URL whose port is its scheme's default, 80 or 443 (false for anything that is not a URL). */
export function hasWebPort(value: string): boolean {
  try {
    const { port } = new URL(value);
    return port === '' || (LINK_CHECK_RULES.webPorts as readonly number[]).includes(Number(port));
  } catch {
    return false;
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const httpUrlOrEmpty = boundedText(LIMITS.urlMaxLength, FIELD_LABELS.website).refine(
  (value) => value === '' || isHttpUrl(value),
  issueMessage('websiteInvalid'),
);
export type FieldCode = NonNullable<ErrorResponse['codes']>[string];
