import type { LinkStatus, Source, ValidSourceInput } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

interface SourceRow {
  id: number;
  kind: Source['kind'];
  url: string | null;
  description: string;
  date: string;
  link_status: LinkStatus;
  link_checked_at: string | null;
  link_final_url: string | null;
  link_http_status: number | null;
  archived_title: string | null;
  archived_excerpt: string | null;
}

const SOURCE_COLUMNS = `s.id, s.kind, s.url, s.description, to_char(s.source_date, 'YYYY-MM-DD') AS date, s.link_status,
  to_char(s.link_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS link_checked_at, s.link_final_url, s.link_http_status,
  s.archived_title, s.archived_excerpt`;

/** The order a business's sources are shown and joined in: newest date first. */
const NEWEST_FIRST = 's.source_date DESC, s.id DESC';

/** Where a list of sources is kept: a business's proof of support, a brand's reasons, or what shows a business's products. */
export interface SourceList {
  table: 'business_sources' | 'brand_sources' | 'business_product_sources';
  owner: 'business_id' | 'brand_id';
}
export const BUSINESS_SOURCES: SourceList = { table: 'business_sources', owner: 'business_id' };
export const BRAND_SOURCES: SourceList = { table: 'brand_sources', owner: 'brand_id' };
export const PRODUCT_SOURCES: SourceList = { table: 'business_product_sources', owner: 'business_id' };

/** The lists by name, as a link check's job names the list of its source. */
export const SOURCE_LISTS = ['business', 'brand', 'product'] as const;
export type SourceListName = (typeof SOURCE_LISTS)[number];
export const SOURCE_LIST_TABLES: Record<SourceListName, SourceList> = { business: BUSINESS_SOURCES, brand: BRAND_SOURCES, product: PRODUCT_SOURCES };

/** The sources of proof of support of a business (or of a brand's reason), and the text they are joined into. */
export class SourcesRepository {
  constructor(
    private readonly db: Queryable,
    private readonly of: SourceList = BUSINESS_SOURCES,
  ) {}

  /** `forAdmin`: with what the link checks fetched (status, final URL, excerpt), which only admins see. */
  async list(businessId: number, forAdmin = false): Promise<Source[]> {
    const { rows } = await this.db.query<SourceRow>(
      `SELECT ${SOURCE_COLUMNS} FROM ${this.of.table} s WHERE s.${this.of.owner} = $1 ORDER BY ${NEWEST_FIRST}`,
      [businessId],
    );
    return rows.map((row) => toSource(row, forAdmin));
  }

  /** Locks the business against other source writes and reads its proof-of-support text; null when it is gone. */
  async lockBusiness(businessId: number): Promise<{ proof_of_support: string } | null> {
    const { rows } = await this.db.query<{ proof_of_support: string }>('SELECT proof_of_support FROM businesses WHERE id = $1 FOR UPDATE', [
      businessId,
    ]);
    return rows[0] ?? null;
  }

  async insert(businessId: number, source: ValidSourceInput, addedBy: number | null): Promise<number> {
    const { rows } = await this.db.query<{ id: number }>(
      `INSERT INTO ${this.of.table} (${this.of.owner}, kind, url, description, source_date, added_by)
       VALUES ($1, $2, nullif($3, ''), $4, $5::date, $6) RETURNING id`,
      [businessId, source.kind, source.url, source.description, source.date, addedBy],
    );
    return rows[0].id;
  }

  /**
   * Rewrites the kind, description and date of one of the business's sources whose url is the same, so it keeps its
   * id and link checks. False when there is no such source (another business's, or its url changed).
   */
  async updateKeepingLink(businessId: number, source: ValidSourceInput & { id: number }): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE ${this.of.table} SET kind = $3, description = $5, source_date = $6::date
        WHERE id = $2 AND ${this.of.owner} = $1 AND url IS NOT DISTINCT FROM nullif($4, '')`,
      [businessId, source.id, source.kind, source.url, source.description, source.date],
    );
    return rowCount === 1;
  }

  async deleteAllBut(businessId: number, keptIds: number[]): Promise<void> {
    await this.db.query(`DELETE FROM ${this.of.table} WHERE ${this.of.owner} = $1 AND NOT (id = ANY($2::int[]))`, [businessId, keptIds]);
  }

  async count(businessId: number): Promise<number> {
    const { rows } = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${this.of.table} WHERE ${this.of.owner} = $1`, [
      businessId,
    ]);
    return rows[0].total;
  }

  async setProofOfSupport(businessId: number, text: string): Promise<void> {
    await this.db.query('UPDATE businesses SET proof_of_support = $2, updated_at = now() WHERE id = $1', [businessId, text]);
  }
}

function toSource(row: SourceRow, forAdmin: boolean): Source {
  const fetched = forAdmin
    ? { checked_at: row.link_checked_at, final_url: row.link_final_url, http_status: row.link_http_status, archived_excerpt: row.archived_excerpt }
    : {};
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    date: row.date,
    link: row.url ? { status: row.link_status, archived_title: row.archived_title, ...fetched } : null,
  };
}
