import { z } from 'zod';
import { MESSAGES, idSchema } from '@zaytoon/contract';
import { cursorTime, decodeOpaqueCursor, encodeOpaqueCursor } from '../db/opaque-cursor';
import { RECHECK_SECTIONS, type RecheckKey } from './verification.repository';

/** The opaque cursor of a Re-checks page: the section, sort value and id of its last business, base64url JSON. */
export function encodeRecheckCursor(key: RecheckKey): string {
  return encodeOpaqueCursor([key.section, key.since, key.id]);
}

// Its values reach SQL as a timestamp or date: anything but what encodeRecheckCursor writes (a date, or a timestamp
// as Postgres writes it as text) is refused first.
const recheckCursor = z.tuple([
  z.enum(RECHECK_SECTIONS),
  cursorTime(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2})?$/),
  idSchema(MESSAGES.invalidCursor),
]);

export function decodeRecheckCursor(cursor: string): RecheckKey {
  const [section, since, id] = decodeOpaqueCursor(cursor, recheckCursor);
  return { section, since, id };
}
