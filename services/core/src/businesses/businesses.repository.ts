import type { Business, BusinessListQuery, Report, ValidBusinessInput } from '@zaytoon/contract';
import type { Queryable } from '../db/pool.js';

export interface BusinessRow extends Omit<Business, 'created_at' | 'report_count' | 'latest_reports'> {
  owner_id: number | null;
  created_at: Date;
  report_count?: number;
  latest_reports?: Report[] | null;
}

export interface ListFilters extends BusinessListQuery {
  forAdmin: boolean;
}

const PUBLIC_COLUMNS = `b.id, b.owner_id, b.name, b.address, b.city, b.postcode, b.category, b.description, b.phone, b.website,
  b.proof_of_support, b.business_hours, b.social_media, b.latitude, b.longitude, b.vote_score, b.upvotes, b.downvotes,
  b.verified, b.created_at`;

const ADMIN_COLUMNS = `,
  (SELECT count(*)::int FROM reports r WHERE r.business_id = b.id AND r.status = 'pending') AS report_count,
  (SELECT coalesce(json_agg(latest ORDER BY latest.created_at DESC), '[]'::json) FROM (
     SELECT r.id, r.business_id, r.reason, r.description, r.reported_by, u.username AS reporter_username,
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
       FROM reports r LEFT JOIN users u ON u.id = r.reported_by
      WHERE r.business_id = b.id AND r.status = 'pending'
      ORDER BY r.created_at DESC, r.id DESC LIMIT 3) latest) AS latest_reports`;

// A business whose report was approved is gone for everyone at once, even before the cascade job deletes it.
const NOT_REMOVED = `NOT EXISTS (SELECT 1 FROM reports removed WHERE removed.business_id = b.id AND removed.status = 'approved')`;

const columns = (forAdmin: boolean) => PUBLIC_COLUMNS + (forAdmin ? ADMIN_COLUMNS : '');

const WRITABLE_FIELDS = [
  'name', 'address', 'city', 'postcode', 'category', 'description', 'phone', 'website', 'proof_of_support',
  'business_hours', 'social_media',
] as const;

export class BusinessesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Search: substring (trigram index), full text, and for typos full text over dictionary words
   * similar to each search word (trigram index on search_words); best matches first.
   * Empty filters are NULL and match everything.
   */
  async list(filters: ListFilters): Promise<BusinessRow[]> {
    const search = filters.search?.toLowerCase() || null;
    const { rows } = await this.db.query<BusinessRow>(
      `WITH query AS (
         SELECT plainto_tsquery('simple', $3) AS exact,
                (SELECT to_tsquery('simple', string_agg('(' || alternatives || ')', ' & '))
                   FROM (SELECT string_agg(quote_literal(candidate), ' | ') AS alternatives
                           FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce($3, '')))) WITH ORDINALITY AS t(term, position)
                          CROSS JOIN LATERAL (
                                SELECT t.term AS candidate
                                UNION
                                (SELECT word FROM search_words
                                  WHERE length(t.term) >= 4 AND word % t.term
                                  ORDER BY similarity(word, t.term) DESC LIMIT 5)) candidates
                          WHERE candidate ~ '^[[:alnum:]_-]+$'
                          GROUP BY t.position) per_term) AS fuzzy
       )
       SELECT ${columns(filters.forAdmin)}
         FROM businesses b, query q
        WHERE ${NOT_REMOVED}
          AND ($1::text IS NULL OR lower(b.category) = lower($1))
          AND ($2::text IS NULL OR lower(b.city) = lower($2))
          AND ($3::text IS NULL
               OR b.search_text LIKE '%' || $4 || '%'
               OR b.search_vector @@ q.exact
               OR b.search_vector @@ q.fuzzy)
        ORDER BY
          CASE WHEN $3::text IS NULL THEN 0
               WHEN lower(b.name) = $3 THEN 4
               WHEN lower(b.name) LIKE $4 || '%' THEN 3
               WHEN lower(b.name) LIKE '%' || $4 || '%' THEN 2
               WHEN b.search_vector @@ q.exact THEN 1
               ELSE 0 END DESC,
          CASE WHEN $3::text IS NULL THEN 0 ELSE ts_rank(b.search_vector, coalesce(q.fuzzy, q.exact)) END DESC,
          b.name ASC, b.id ASC`,
      [filters.category || null, filters.city || null, search, search ? escapeLike(search) : null],
    );
    return rows;
  }

  async findById(id: number, forAdmin: boolean): Promise<BusinessRow | null> {
    const { rows } = await this.db.query<BusinessRow>(
      `SELECT ${columns(forAdmin)} FROM businesses b WHERE b.id = $1 AND ${NOT_REMOVED}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findOwner(id: number): Promise<{ owner_id: number | null; name: string; postcode: string } | null> {
    const { rows } = await this.db.query(`SELECT owner_id, name, postcode FROM businesses b WHERE id = $1 AND ${NOT_REMOVED}`, [id]);
    return rows[0] ?? null;
  }

  async insert(input: ValidBusinessInput, ownerId: number): Promise<number> {
    const { rows } = await this.db.query<{ id: number }>(
      `INSERT INTO businesses (owner_id, ${WRITABLE_FIELDS.join(', ')}, latitude, longitude)
       VALUES ($1, ${WRITABLE_FIELDS.map((_, index) => `$${index + 2}`).join(', ')}, $${WRITABLE_FIELDS.length + 2}, $${WRITABLE_FIELDS.length + 3})
       RETURNING id`,
      [ownerId, ...fieldValues(input), input.latitude ?? null, input.longitude ?? null],
    );
    return rows[0].id;
  }

  /** Coordinates change only when the input carries them; otherwise geocoding owns them. */
  async update(id: number, input: ValidBusinessInput): Promise<void> {
    const hasCoordinates = input.latitude !== undefined && input.longitude !== undefined;
    await this.db.query(
      `UPDATE businesses SET ${WRITABLE_FIELDS.map((field, index) => `${field} = $${index + 2}`).join(', ')},
              latitude = CASE WHEN $${WRITABLE_FIELDS.length + 2} THEN $${WRITABLE_FIELDS.length + 3}::double precision ELSE latitude END,
              longitude = CASE WHEN $${WRITABLE_FIELDS.length + 2} THEN $${WRITABLE_FIELDS.length + 4}::double precision ELSE longitude END,
              updated_at = now()
        WHERE id = $1`,
      [id, ...fieldValues(input), hasCoordinates, input.latitude ?? null, input.longitude ?? null],
    );
  }

  /** Writes one suggestable field; jsonb fields arrive as objects. */
  async updateField(id: number, field: string, value: unknown): Promise<void> {
    if (!(WRITABLE_FIELDS as readonly string[]).includes(field)) throw new Error(`not a writable field: ${field}`);
    const isJson = field === 'business_hours' || field === 'social_media';
    await this.db.query(`UPDATE businesses SET ${field} = $2${isJson ? '::jsonb' : ''}, updated_at = now() WHERE id = $1`, [
      id,
      isJson ? JSON.stringify(value) : value,
    ]);
  }

  async delete(id: number): Promise<{ name: string } | null> {
    const { rows } = await this.db.query<{ name: string }>('DELETE FROM businesses WHERE id = $1 RETURNING name', [id]);
    return rows[0] ?? null;
  }

  async listCategories(): Promise<string[]> {
    const { rows } = await this.db.query<{ category: string }>(
      `SELECT DISTINCT category FROM businesses b WHERE category <> '' AND ${NOT_REMOVED} ORDER BY category`,
    );
    return rows.map((row) => row.category);
  }

  async listCities(): Promise<string[]> {
    const { rows } = await this.db.query<{ city: string }>(`SELECT DISTINCT city FROM businesses b WHERE ${NOT_REMOVED} ORDER BY city`);
    return rows.map((row) => row.city);
  }

  async listReported(): Promise<BusinessRow[]> {
    const { rows } = await this.db.query<BusinessRow>(
      `SELECT ${columns(true)} FROM businesses b
        WHERE ${NOT_REMOVED} AND EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'pending')
        ORDER BY report_count DESC, b.name ASC`,
    );
    return rows;
  }
}

function fieldValues(input: ValidBusinessInput): unknown[] {
  return WRITABLE_FIELDS.map((field) => {
    if (field === 'business_hours' || field === 'social_media') return JSON.stringify(input[field] ?? {});
    return input[field];
  });
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => '\\' + character);
}
