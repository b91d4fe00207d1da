import { z } from 'zod';
import { badRequest } from '../errors/domain-error';

/** CONTRACT.md's opaque list cursor: the sort key of a page's last row, base64url JSON. */
export function encodeOpaqueCursor(parts: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** Its values reach SQL, so a cursor is client input: anything `schema` refuses is 400 'Invalid cursor'. */
export function decodeOpaqueCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('invalidCursor');
  }
  const key = schema.safeParse(parts);
  if (!key.success) throw badRequest('invalidCursor');
  return key.data;
}

/** Its parts: a date, optionally a clock time with a fraction, and a UTC offset ('Z', '+00', '+05:30', '-00:01:15'). */
const TIME_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?)?)?$/;

const daysInMonth = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** A day of the calendar and a time of the clock that Postgres reads as such: no month 13, 31 April, 29 February 2025, hour 25 or year 0. */
function isRealTime(text: string): boolean {
  const parts = TIME_PARTS.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes, offsetSeconds] = parts.slice(1).map((part) => Number(part ?? 0));
  const realDay = year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  return realDay && hour < 24 && minute < 60 && second < 60 && offsetHours <= 15 && offsetMinutes < 60 && offsetSeconds < 60;
}

/**
 * A date or time a cursor carries, in the `format` its list writes: it reaches SQL as a date or timestamp, where an
 * impossible one fails, so it is checked here, for every cursor that holds one, and refused as 'Invalid cursor'.
 */
export const cursorTime = (format: RegExp) => z.string().regex(format).refine(isRealTime);
