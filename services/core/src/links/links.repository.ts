import { LINK_CHECK_RULES, type BrokenLink } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';
import { SOURCE_LIST_TABLES, type SourceListName } from '../sources/sources.repository';

/** What a check found, to record on the source. */
export interface LinkCheckOutcome {
  ok: boolean;
  httpStatus: number | null;
  finalUrl: string | null;
  /** Of a page that answered; null keeps the archive the source had. */
  title: string | null;
  excerpt: string | null;
}

export interface RecordedLink {
  status: BrokenLink['status'];
  failures: number;
  /** The status or the archive changed: the business's kept answers are stale. */
  changed: boolean;
}

const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The admins' broken links walk the lists in this order; a page's key is its last link's list and source id. */
export const BROKEN_LIST_ORDER: readonly SourceListName[] = ['business', 'brand', 'product'];
export type BrokenLinkKey = readonly [list: SourceListName, sourceId: number];

export class LinksRepository {
  constructor(private readonly db: Queryable) {}

  async sourceUrl(sourceId: number, list: SourceListName = 'business'): Promise<string | null> {
    const { rows } = await this.db.query<{ url: string | null }>(`SELECT url FROM ${SOURCE_LIST_TABLES[list].table} WHERE id = $1`, [sourceId]);
    return rows[0]?.url ?? null;
  }

  /**
   * Records a check on the source, only while it still has the URL that was checked (a URL changed meanwhile
   * gets its own check). A success resets the failures and replaces the archive; a failure keeps the archive, so
   * the source still means something once its page is gone. Null when the source or its URL is gone.
   */
  async record(sourceId: number, checkedUrl: string, outcome: LinkCheckOutcome, list: SourceListName = 'business'): Promise<RecordedLink | null> {
    const { table } = SOURCE_LIST_TABLES[list];
    const { rows } = await this.db.query<RecordedLink>(
      `WITH before AS (
         SELECT id, link_status, archived_title, archived_excerpt FROM ${table} WHERE id = $1 AND url = $2 FOR UPDATE
       )
       UPDATE ${table} s SET
              link_checked_at = now(), link_http_status = $4, link_final_url = $5,
              link_failures = CASE WHEN $3 THEN 0 ELSE s.link_failures + 1 END,
              link_status = CASE WHEN $3 THEN 'ok' WHEN s.link_failures + 1 >= $8 THEN 'broken' ELSE 'failing' END,
              archived_title = CASE WHEN $3 THEN coalesce($6, s.archived_title) ELSE s.archived_title END,
              archived_excerpt = CASE WHEN $3 THEN coalesce($7, s.archived_excerpt) ELSE s.archived_excerpt END
         FROM before
        WHERE s.id = before.id
       RETURNING s.link_status AS status, s.link_failures AS failures,
                 (s.link_status IS DISTINCT FROM before.link_status OR s.archived_title IS DISTINCT FROM before.archived_title
                  OR s.archived_excerpt IS DISTINCT FROM before.archived_excerpt) AS changed`,
      [sourceId, checkedUrl, outcome.ok, outcome.httpStatus, outcome.finalUrl, outcome.title, outcome.excerpt, LINK_CHECK_RULES.failuresForBroken],
    );
    return rows[0] ?? null;
  }

  /** The next ids of sources with a URL after `afterId` (keyset on the primary key: one page in memory at a time). */
  async sourceIdsWithUrl(afterId: number, limit: number, list: SourceListName = 'business'): Promise<number[]> {
    const { rows } = await this.db.query<{ id: number }>(
      `SELECT id FROM ${SOURCE_LIST_TABLES[list].table} WHERE id > $1 AND url IS NOT NULL ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Broken links of every list, a list after another (businesses', brands', then products' sources), oldest source
   * first within each, after the key `after`; a business's or product source when its business's name holds `search`,
   * a brand's when the brand's name does. Each list walks its partial index of broken sources.
   */
  async broken(after: BrokenLinkKey | undefined, limit: number, search?: string): Promise<BrokenLink[]> {
    const branch = (list: SourceListName, from: string, owner: string, business: string, brand: string) =>
      `(SELECT '${list}' AS list, s.id AS source_id, ${business} AS business, ${brand} AS brand, s.url, s.link_status AS status,
               s.link_http_status AS http_status, s.link_final_url AS final_url, s.link_failures AS failures,
               to_char(s.link_checked_at AT TIME ZONE 'UTC', ${ISO_TIME}) AS checked_at, s.archived_title
          FROM ${from}
         WHERE s.link_status = 'broken' AND ${nameHoldsSql(owner, '$3')}
           AND (${BROKEN_LIST_ORDER.indexOf(list)} > $1::int OR (${BROKEN_LIST_ORDER.indexOf(list)} = $1::int AND s.id > $2::int))
         ORDER BY s.id LIMIT $4)`;
    const businessJson = `json_build_object('id', b.id, 'name', b.name)`;
    const { rows } = await this.db.query<BrokenLink>(
      `SELECT * FROM (${branch('business', 'business_sources s JOIN businesses b ON b.id = s.business_id', 'b', businessJson, 'NULL::json')}
       UNION ALL
       ${branch('brand', 'brand_sources s JOIN brands r ON r.id = s.brand_id', 'r', 'NULL::json', `json_build_object('id', r.id, 'name', r.name, 'slug', r.slug)`)}
       UNION ALL
       ${branch('product', 'business_product_sources s JOIN businesses b ON b.id = s.business_id', 'b', businessJson, 'NULL::json')}) links
       ORDER BY array_position($5::text[], list), source_id LIMIT $4`,
      [after ? BROKEN_LIST_ORDER.indexOf(after[0]) : -1, after?.[1] ?? 0, nameSearchParam(search), limit, BROKEN_LIST_ORDER],
    );
    return rows;
  }

  async countBroken(search?: string): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT (SELECT count(*) FROM business_sources s JOIN businesses b ON b.id = s.business_id
                WHERE s.link_status = 'broken' AND ${nameHoldsSql('b', '$1')})
            + (SELECT count(*) FROM brand_sources s JOIN brands r ON r.id = s.brand_id
                WHERE s.link_status = 'broken' AND ${nameHoldsSql('r', '$1')})
            + (SELECT count(*) FROM business_product_sources s JOIN businesses b ON b.id = s.business_id
                WHERE s.link_status = 'broken' AND ${nameHoldsSql('b', '$1')}) AS count`,
      [nameSearchParam(search)],
    );
    return Number(rows[0].count);
  }
}
