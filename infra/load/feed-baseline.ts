/**
 * The partner feed's baseline for bench:scale: a bare node:http server that answers a page of GET /api/v1/changes by
 * running the feed's two statements through `pg` (the change log's range, then its businesses by id: the text of
 * BusinessChangesRepository.after and BusinessesRepository.listPublicByIds, with the same parameters) and writing
 * JSON.stringify of their rows. No framework, no mapping, no validation: what serving the page costs with nothing
 * of ours in the way. The bench checks, through pg_stat_statements, that both ran the same statements.
 *
 *   FEED_BASELINE_PORT=<port> DATABASE_URL=<url> node --import tsx infra/load/feed-baseline.ts
 */
import http from 'node:http';
import pg from 'pg';

const port = Number(process.env.FEED_BASELINE_PORT);
// The API's pool size for one process (services/core's createPool default).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);

const CHANGES_FROM_START = `SELECT business_id, change_xid::text AS change_xid, changed_at FROM business_changes
        WHERE  change_xid < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY change_xid, business_id LIMIT $1`;
const CHANGES_AFTER = `SELECT business_id, change_xid::text AS change_xid, changed_at FROM business_changes
        WHERE (change_xid, business_id) > ($2::xid8, $3::int) AND change_xid < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY change_xid, business_id LIMIT $1`;
const VALID_FOR = `interval '12 months'`;
const VERIFICATION_CURRENT = `b.verified_on > (current_date - ${VALID_FOR})::date`;
const BUSINESSES_BY_IDS = `SELECT b.id, b.owner_id, b.name, nullif(b.name_latin, '') AS name_latin, b.address, b.city, b.postcode, b.category, b.description, b.phone, b.website,
  b.proof_of_support, b.business_hours, b.social_media, b.latitude, b.longitude, b.location_precision, b.vote_score, b.upvotes, b.downvotes,
  b.created_at, (${VERIFICATION_CURRENT}) IS TRUE AS verified,
  CASE WHEN b.verified_on IS NULL THEN 'never' WHEN ${VERIFICATION_CURRENT} THEN 'current' ELSE 'due' END AS verification_status,
  b.verification_method, to_char(b.verified_on, 'YYYY-MM-DD') AS verification_date,
  to_char(b.verified_on + ${VALID_FOR}, 'YYYY-MM-DD') AS verification_due_date FROM businesses b WHERE b.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM reports removed WHERE removed.business_id = b.id AND removed.status = 'approved')`;

async function page(url: URL): Promise<unknown> {
  const limit = Number(url.searchParams.get('limit') ?? 500);
  const since = url.searchParams.get('since');
  // The cursor as the feed writes it (services/core/src/db/opaque-cursor.ts): base64url JSON of [xid, business id].
  const after = since ? (JSON.parse(Buffer.from(since, 'base64url').toString('utf8')) as [string, number]) : undefined;
  const { rows } = await pool.query<{ business_id: number; change_xid: string }>(
    after ? CHANGES_AFTER : CHANGES_FROM_START,
    after ? [limit + 1, after[0], after[1]] : [limit + 1],
  );
  const changes = rows.slice(0, limit);
  const businesses = changes.length ? (await pool.query(BUSINESSES_BY_IDS, [changes.map((row) => row.business_id)])).rows : [];
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
