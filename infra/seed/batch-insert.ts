import type { Queryable } from '@zaytoon/core';

/** Postgres allows 65,535 bind parameters per statement; stay well below it. */
const MAX_PARAMETERS = 30_000;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Inserts `rows` with parameterised multi-row INSERT statements, as few as the parameter limit allows.
 * Table and column names are code constants (checked against a strict pattern); values are always bound.
 * Returns the rows of the optional RETURNING clause, in statement order.
 */
export async function batchInsert<R extends Record<string, unknown> = Record<string, unknown>>(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  options: { returning?: string; onConflict?: string } = {},
): Promise<R[]> {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`batchInsert: bad identifier ${JSON.stringify(name)}`);
  }
  if (columns.length === 0) throw new Error('batchInsert: no columns');
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const results: R[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length) {
        throw new Error(`batchInsert(${table}): row has ${row.length} values for ${columns.length} columns`);
      }
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const sql =
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}` +
      (options.onConflict ? ` ${options.onConflict}` : '') +
      (options.returning ? ` RETURNING ${options.returning}` : '');
    const result = await db.query(sql, params);
    if (options.returning) results.push(...(result.rows as R[]));
  }
  return results;
}
