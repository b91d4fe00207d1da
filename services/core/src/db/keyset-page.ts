import { z } from 'zod';
import { MESSAGES, PAGING, idSchema, type pageQuerySchema, type Valid } from '@zaytoon/contract';
import { cursorTime, decodeOpaqueCursor, encodeOpaqueCursor } from './opaque-cursor';

/** One page of a list as CONTRACT.md pages lists: its items, the total of all of them, the next page's cursor. */
export interface ListPage<Item> {
  body: Item[];
  total: number;
  nextCursor: string | null;
}

/** A list read by keyset: the key of its last row is the next page's cursor. */
export interface KeysetList<Row, Key extends readonly unknown[]> {
  /** What a cursor may hold: its values reach SQL, so anything else is 400 'Invalid cursor'. */
  key: z.ZodType<Key>;
  /** At most `limit` rows in the list's order, after the row of key `after` (from the start without one). */
  read: (after: Key | undefined, limit: number) => Promise<Row[]>;
  count: () => Promise<number>;
  keyOf: (row: Row) => Key;
}

/** One page of `list` for a `limit` and `cursor` query; one row more than the page tells whether another follows. */
export async function keysetPage<Row, Key extends readonly unknown[]>(
  query: Valid<typeof pageQuerySchema>,
  list: KeysetList<Row, Key>,
): Promise<ListPage<Row>> {
  const limit = query.limit ?? PAGING.defaultLimit;
  const after = query.cursor ? decodeOpaqueCursor(query.cursor, list.key) : undefined;
  const [rows, total] = await Promise.all([list.read(after, limit + 1), list.count()]);
  const body = rows.slice(0, limit);
  return { body, total, nextCursor: rows.length > limit ? encodeOpaqueCursor(list.keyOf(body.at(-1)!)) : null };
}

export const mapPage = <From, To>(page: ListPage<From>, map: (item: From) => To): ListPage<To> => ({ ...page, body: page.body.map(map) });

const idKey = z.tuple([idSchema(MESSAGES.invalidCursor)]);

/** A list kept in ascending id order: `read` takes the rows after an id (0 for the first page). */
export function idPage<Item>(
  query: Valid<typeof pageQuerySchema>,
  read: (afterId: number, limit: number) => Promise<Item[]>,
  count: () => Promise<number>,
  idOf: (item: Item) => number,
): Promise<ListPage<Item>> {
  return keysetPage(query, { key: idKey, read: (after, limit) => read(after?.[0] ?? 0, limit), count, keyOf: (item): [number] => [idOf(item)] });
}

/** The key of a newest-first list: a row's exact time (UTC, to the microsecond, as `exactTimeSql` writes it) and id. */
export type NewestFirstKey = readonly [time: string, id: number];

const exactTime = cursorTime(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

/**
 * Lists ordered newest first by a time column, ties broken by id (comments, pending reports and suggestions). The
 * repository selects `exactTimeSql(time) AS sort_key` and filters with `afterSql`; rows carry their key as `sort_key`.
 */
export const newestFirst = {
  key: z.tuple([exactTime, idSchema(MESSAGES.invalidCursor)]) as z.ZodType<NewestFirstKey>,
  keyOf: (row: { sort_key: string; id: number }): NewestFirstKey => [row.sort_key, row.id],
  exactTimeSql: (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  /** True for every row when the key parameters are null, else for the rows after the key. `$n` and `$n+1` hold the key. */
  afterSql: (time: string, id: string, param: number) =>
    `($${param}::timestamptz IS NULL OR (${time}, ${id}) < ($${param}::timestamptz, $${param + 1}::int))`,
  orderSql: (time: string, id: string) => `ORDER BY ${time} DESC, ${id} DESC`,
  /** The key as the statement's parameters (both null for the first page). */
  params: (after: NewestFirstKey | undefined): [string | null, number | null] => [after?.[0] ?? null, after?.[1] ?? null],
};

/** A row as a list shows it: without the key it was read with. */
const withoutSortKey = <Row extends { sort_key: string }>({ sort_key: _key, ...item }: Row): Omit<Row, 'sort_key'> => item;

/** One page of a newest-first list: `read` answers rows with their `sort_key`, the page's items come without it. */
export async function newestFirstPage<Row extends { sort_key: string; id: number }>(
  query: Valid<typeof pageQuerySchema>,
  read: (after: NewestFirstKey | undefined, limit: number) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<ListPage<Omit<Row, 'sort_key'>>> {
  return mapPage(await keysetPage(query, { key: newestFirst.key, keyOf: newestFirst.keyOf, read, count }), withoutSortKey);
}
