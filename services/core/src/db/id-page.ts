import { z } from 'zod';
import { MESSAGES, PAGING, idSchema, type pageQuerySchema, type Valid } from '@zaytoon/contract';
import { decodeOpaqueCursor, encodeOpaqueCursor } from './opaque-cursor';

const idCursor = z.tuple([idSchema(MESSAGES.invalidCursor)]);

export interface IdPage<Item> {
  body: Item[];
  total: number;
  nextCursor: string | null;
}

/**
 * One page of a list kept in id order (CONTRACT.md paging): `read` takes the rows after an id, one more than the
 * page to know whether another follows; the cursor is the page's last id.
 */
export async function idPage<Item>(
  query: Valid<typeof pageQuerySchema>,
  read: (afterId: number, limit: number) => Promise<Item[]>,
  count: () => Promise<number>,
  idOf: (item: Item) => number,
): Promise<IdPage<Item>> {
  const limit = query.limit ?? PAGING.defaultLimit;
  const [afterId] = query.cursor ? decodeOpaqueCursor(query.cursor, idCursor) : [0];
  const rows = await read(afterId, limit + 1);
  const page = rows.slice(0, limit);
  return { body: page, total: await count(), nextCursor: rows.length > limit ? encodeOpaqueCursor([idOf(page.at(-1)!)]) : null };
}
