/**
 * The partner feed's baseline for bench:scale: a bare node:http server that answers a page of GET /api/v1/changes by
 * running the feed's two statements through `pg` (the change log's range, then its businesses by id: the repositories'
 * own SQL text, `changesSql` and `publicByIdsSql`, with the same parameters) and writing JSON.stringify of their rows. No framework, no mapping, no validation: what serving the page costs with nothing
 * of ours in the way. The bench checks, through pg_stat_statements, that both ran the same statements.
 *
 *   FEED_BASELINE_PORT=<port> DATABASE_URL=<url> node --import tsx infra/load/feed-baseline.ts
 */
import http from 'node:http';
import pg from 'pg';
import { changesSql, publicByIdsSql } from '@zaytoon/core';

const port = Number(process.env.FEED_BASELINE_PORT);
// The API's pool size for one process (services/core's createPool default).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);

async function page(url: URL): Promise<unknown> {
  const limit = Number(url.searchParams.get('limit') ?? 500);
  const since = url.searchParams.get('since');
  // The cursor as the feed writes it (services/core/src/db/opaque-cursor.ts): base64url JSON of [xid, business id].
  const after = since ? (JSON.parse(Buffer.from(since, 'base64url').toString('utf8')) as [string, number]) : undefined;
  const { rows } = await pool.query<{ business_id: number; change_xid: string }>(
    changesSql(after !== undefined),
    after ? [limit + 1, after[0], after[1]] : [limit + 1],
  );
  const changes = rows.slice(0, limit);
  const businesses = changes.length ? (await pool.query(publicByIdsSql(), [changes.map((row) => row.business_id)])).rows : [];
  const last = changes.at(-1);
  const position = last ? [last.change_xid, last.business_id] : (after ?? ['0', 0]);
  const next = Buffer.from(JSON.stringify(position)).toString('base64url');
  return { changes, businesses, next_cursor: next, has_more: rows.length > limit };
}

http
  .createServer((request, response) => {
    page(new URL(request.url ?? '/', 'http://127.0.0.1')).then(
      (body) => {
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
  })
  .listen(port, '127.0.0.1');
