import { z } from 'zod';
import { MESSAGES, idSchema } from '@zaytoon/contract';
import { badRequest } from '../errors/domain-error';
import { RECHECK_SECTIONS, type RecheckKey } from './verification.repository';

/** The opaque cursor of a Re-checks page: the section, sort value and id of its last business, base64url JSON. */
export function encodeRecheckCursor(key: RecheckKey): string {
  return Buffer.from(JSON.stringify([key.section, key.since, key.id])).toString('base64url');
}

// Its values reach SQL as a timestamp or date: anything but what encodeRecheckCursor writes is refused first.
const recheckCursor = z.tuple([
  z.enum(RECHECK_SECTIONS),
  z.string().regex(/^\d{4}-\d{2}-\d{2}( [\d:.]+([+-]\d{2}(:\d{2})?)?)?$/),
  idSchema(MESSAGES.invalidCursor),
]);

export function decodeRecheckCursor(cursor: string): RecheckKey {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MESSAGES.invalidCursor);
  }
  const key = recheckCursor.safeParse(parts);
  if (!key.success) throw badRequest(MESSAGES.invalidCursor);
  const [section, since, id] = key.data;
  return { section, since, id };
}
