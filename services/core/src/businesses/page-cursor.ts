import { z } from 'zod';
import { MESSAGES, idSchema } from '@zaytoon/contract';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../db/opaque-cursor';
import type { PageKey, PageRow } from './businesses.repository';

/** The opaque cursor of CONTRACT.md's list paging: the sort key of a page's last business, base64url JSON. */
export function encodeCursor(key: PageKey): string {
  const parts = key.mode === 'name' ? ['n', key.name, key.id] : ['r', key.bucket, key.score, key.name, key.id];
  return encodeOpaqueCursor(parts);
}

export function pageKeyOf(row: PageRow, searching: boolean): PageKey {
  return searching
    ? { mode: 'relevance', bucket: row.rank_bucket ?? 0, score: row.rank_score ?? 0, name: row.name, id: row.id }
    : { mode: 'name', name: row.name, id: row.id };
}

// What encodeCursor writes, checked as client input since its values reach SQL: Postgres fails on a NUL in the
// name or a bucket past ::int. The name is a stored one, kept as it is (never normalised as new text is).
const storedName = z.string().refine((name) => !name.includes('\0'));
const nameCursor = z.tuple([z.literal('n'), storedName, idSchema(MESSAGES.invalidCursor)]);
const relevanceCursor = z.tuple([z.literal('r'), z.int32(), z.number(), storedName, idSchema(MESSAGES.invalidCursor)]);

/** A cursor made by encodeCursor for the same kind of query (searching or not), else 400. */
export function decodeCursor(cursor: string, searching: boolean): PageKey {
  if (!searching) {
    const [, name, id] = decodeOpaqueCursor(cursor, nameCursor);
    return { mode: 'name', name, id };
  }
  const [, bucket, score, name, id] = decodeOpaqueCursor(cursor, relevanceCursor);
  return { mode: 'relevance', bucket, score, name, id };
}
