import { MESSAGES } from '@zaytoon/contract';
import { badRequest } from '../errors/domain-error.js';
import type { PageKey, PageRow } from './businesses.repository.js';

/** The opaque cursor of CONTRACT.md's list paging: the sort key of a page's last business, base64url JSON. */
export function encodeCursor(key: PageKey): string {
  const parts = key.mode === 'name' ? ['n', key.name, key.id] : ['r', key.bucket, key.score, key.name, key.id];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function pageKeyOf(row: PageRow, searching: boolean): PageKey {
  return searching
    ? { mode: 'relevance', bucket: row.rank_bucket ?? 0, score: row.rank_score ?? 0, name: row.name, id: row.id }
    : { mode: 'name', name: row.name, id: row.id };
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2_147_483_647;

/** A cursor made by encodeCursor for the same kind of query (searching or not), else 400. */
export function decodeCursor(cursor: string, searching: boolean): PageKey {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MESSAGES.invalidCursor);
  }
  if (Array.isArray(parts)) {
    if (!searching && parts.length === 3 && parts[0] === 'n' && typeof parts[1] === 'string' && isId(parts[2])) {
      return { mode: 'name', name: parts[1], id: parts[2] };
    }
    const [mode, bucket, score, name, id] = parts;
    if (
      searching && parts.length === 5 && mode === 'r' && Number.isInteger(bucket) && typeof score === 'number' &&
      Number.isFinite(score) && typeof name === 'string' && isId(id)
    ) {
      return { mode: 'relevance', bucket: bucket as number, score, name, id };
    }
  }
  throw badRequest(MESSAGES.invalidCursor);
}
