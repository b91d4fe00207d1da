import { z } from 'zod';
import { MESSAGES, idSchema } from '@zaytoon/contract';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../db/opaque-cursor';
import type { PageKey, PageRow } from './businesses.repository';

/**
 * The opaque cursor of CONTRACT.md's list paging: the sort key of a page's last business and the total the first
 * page counted, base64url JSON. Later pages answer that total (X-Total-Count) instead of counting again: a search's
 * count costs as much as its matches, once per filter set.
 */
export function encodeCursor(key: PageKey, total: number): string {
  const parts =
    key.mode === 'name'
      ? ['n', key.name, key.id]
      : key.mode === 'prefix'
        ? ['p', key.folded, key.id]
        : key.mode === 'near'
          ? ['d', key.distance, key.id]
          : ['r', key.bucket, key.score, key.name, key.id];
  return encodeOpaqueCursor([...parts, total]);
}

export function pageKeyOf(row: PageRow, mode: PageKey['mode']): PageKey {
  if (mode === 'relevance') return { mode, bucket: row.rank_bucket ?? 0, score: row.rank_score ?? 0, name: row.name, id: row.id };
  if (mode === 'prefix') return { mode, folded: row.folded_name ?? '', id: row.id };
  if (mode === 'near') return { mode, distance: row.near_key ?? 0, id: row.id };
  return { mode, name: row.name, id: row.id };
}

// What encodeCursor writes, checked as client input since its values reach SQL: Postgres fails on a NUL in the
// name or a bucket past ::int. The name is a stored one, kept as it is (never normalised as new text is).
const storedName = z.string().refine((name) => !name.includes('\0'));
const id = idSchema(MESSAGES.invalidCursor);
const total = z
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const nameCursor = z.tuple([z.literal('n'), storedName, id, total]);
const prefixCursor = z.tuple([z.literal('p'), storedName, id, total]);
const nearCursor = z.tuple([z.literal('d'), z.number().min(0), id, total]);
const relevanceCursor = z.tuple([z.literal('r'), z.int32(), z.number(), storedName, id, total]);

/** A cursor made by encodeCursor for the same order of query, else 400. */
export function decodeCursor(cursor: string, mode: PageKey['mode']): { key: PageKey; total: number } {
  if (mode === 'name') {
    const [, name, id, total] = decodeOpaqueCursor(cursor, nameCursor);
    return { key: { mode, name, id }, total };
  }
  if (mode === 'prefix') {
    const [, folded, id, total] = decodeOpaqueCursor(cursor, prefixCursor);
    return { key: { mode, folded, id }, total };
  }
  if (mode === 'near') {
    const [, distance, id, total] = decodeOpaqueCursor(cursor, nearCursor);
    return { key: { mode, distance, id }, total };
  }
  const [, bucket, score, name, id, total] = decodeOpaqueCursor(cursor, relevanceCursor);
  return { key: { mode: 'relevance', bucket, score, name, id }, total };
}
