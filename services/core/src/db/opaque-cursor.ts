import type { z } from 'zod';
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
