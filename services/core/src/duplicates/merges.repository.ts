import { BRAND_RULES } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

/** What a merge moved from B to A, and what it could not (for the audit entry). */
export interface MergeMoves {
  votes: number;
  /** B's votes by members who had voted on A too: A's vote wins, these went with B. */
  votes_dropped: number;
  comments: number;
  suggestions: number;
  reports: number;
  /** B's pending reports by members with a pending report on A (one pending report per member and business). */
  reports_dropped: number;
  sources: number;
  confirmations: number;
  verifications: number;
  /** B's photos, now A's; B's cover stays one only when A had none. */
  photos: number;
  /** B's 'Alternative to' brands A lacked, as many as A has room for (BRAND_RULES.maxPerBusiness). */
  alternatives: number;
  /** B's Palestinian products with their source and photo, when A listed none. */
  products: number;
}

/** The fields of A that a merge fills from B when A's are empty. Never the owner: a merge hands over no ownership. */
export const FILLABLE_FIELDS = ['category', 'description', 'phone', 'website', 'business_hours', 'social_media', 'position', 'verification'] as const;
export type FillableField = (typeof FILLABLE_FIELDS)[number];

const moved = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rowCount ?? 0;

/** Merging business B into A: the moves, the fill, and where merged businesses went. Run in one transaction. */
export class MergesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Locks both rows (in id order, so two merges of the same pair never deadlock); the names of those still listed.
   * A business whose removal is approved is gone, even before its cascade has run: the flag is read from the locked
   * row, so an approval committed while the merge waited for the lock counts too.
   */
  async lockPair(intoId: number, fromId: number): Promise<Map<number, string>> {
    const { rows } = await this.db.query<{ id: number; name: string; removal_approved: boolean }>(
      'SELECT id, name, removal_approved FROM businesses WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [[intoId, fromId]],
    );
    return new Map(rows.filter((row) => !row.removal_approved).map((row) => [row.id, row.name]));
  }

  /**
   * Everything of B's that belongs to A now. The votes trigger keeps both totals. Votes a burst set aside on B are
   * dropped with B (its pause goes with it): they never counted, and moving them would count them on A.
   */
  async moveAll(intoId: number, fromId: number): Promise<MergeMoves> {
    const params = [intoId, fromId];
    const votes = await moved(
      this.db,
      `UPDATE votes v SET business_id = $1 WHERE v.business_id = $2 AND v.set_aside_by IS NULL
          AND NOT EXISTS (SELECT 1 FROM votes a WHERE a.business_id = $1 AND a.user_id = v.user_id)`,
      params,
    );
    const votesDropped = await moved(this.db, 'DELETE FROM votes WHERE business_id = $2 AND $1 > 0', params);
    const reports = await moved(
      this.db,
      `UPDATE reports r SET business_id = $1 WHERE r.business_id = $2
          AND NOT (r.status = 'pending' AND EXISTS (
                SELECT 1 FROM reports a WHERE a.business_id = $1 AND a.status = 'pending' AND a.reported_by = r.reported_by))`,
      params,
    );
    const reportsDropped = await moved(this.db, 'DELETE FROM reports WHERE business_id = $2 AND $1 > 0', params);
    const move = (table: string) => moved(this.db, `UPDATE ${table} SET business_id = $1 WHERE business_id = $2`, params);
    return {
      votes,
      votes_dropped: votesDropped,
      comments: await move('comments'),
      suggestions: await move('suggestions'),
      reports,
      reports_dropped: reportsDropped,
      sources: await move('business_sources'),
      confirmations: await move('confirmations'),
      verifications: await move('verifications'),
      photos: await moved(
        this.db,
        `UPDATE photos SET business_id = $1, is_cover = is_cover AND NOT EXISTS (SELECT 1 FROM photos a WHERE a.business_id = $1 AND a.is_cover)
          WHERE business_id = $2`,
        params,
      ),
      alternatives: await moved(
        this.db,
        `INSERT INTO business_alternatives (brand_id, business_id, added_by, created_at)
         SELECT f.brand_id, $1, f.added_by, f.created_at FROM business_alternatives f
          WHERE f.business_id = $2 AND NOT EXISTS (SELECT 1 FROM business_alternatives a WHERE a.business_id = $1 AND a.brand_id = f.brand_id)
          ORDER BY f.created_at, f.brand_id
          LIMIT greatest(0, $3 - (SELECT count(*) FROM business_alternatives a WHERE a.business_id = $1))`,
        [...params, BRAND_RULES.maxPerBusiness],
      ),
      products: await this.moveProductsIfNone(intoId, fromId),
    };
  }

  /** A that lists no Palestinian products takes B's, with the source and photo that show them (B's photos are A's now). */
  private async moveProductsIfNone(intoId: number, fromId: number): Promise<number> {
    const { rows } = await this.db.query<{ stocks: boolean }>('SELECT EXISTS (SELECT 1 FROM business_products WHERE business_id = $1) AS stocks', [
      intoId,
    ]);
    if (rows[0].stocks) return 0;
    const params = [intoId, fromId];
    const products = await moved(this.db, 'UPDATE business_products SET business_id = $1 WHERE business_id = $2', params);
    if (!products) return 0;
    for (const proofs of ['business_product_sources', 'business_product_photos']) {
      await this.db.query(`DELETE FROM ${proofs} WHERE business_id = $1`, [intoId]);
      await this.db.query(`UPDATE ${proofs} SET business_id = $1 WHERE business_id = $2`, params);
    }
    return products;
  }

  /** A's empty fields take B's values (A's own are never overwritten); the fields filled. */
  async fillEmpty(intoId: number, fromId: number): Promise<FillableField[]> {
    // f reads A before the update (o) beside B (n): which fields were empty and get B's.
    const { rows } = await this.db.query<Record<FillableField, boolean>>(
      `UPDATE businesses a SET
              category = CASE WHEN f.category THEN b.category ELSE a.category END,
              description = CASE WHEN f.description THEN b.description ELSE a.description END,
              phone = CASE WHEN f.phone THEN b.phone ELSE a.phone END,
              website = CASE WHEN f.website THEN b.website ELSE a.website END,
              business_hours = CASE WHEN f.business_hours THEN b.business_hours ELSE a.business_hours END,
              open_minutes = CASE WHEN f.business_hours THEN b.open_minutes ELSE a.open_minutes END,
              open_minutes_of = CASE WHEN f.business_hours THEN b.open_minutes_of ELSE a.open_minutes_of END,
              social_media = CASE WHEN f.social_media THEN b.social_media ELSE a.social_media END,
              latitude = CASE WHEN f.position THEN b.latitude ELSE a.latitude END,
              longitude = CASE WHEN f.position THEN b.longitude ELSE a.longitude END,
              verified_on = CASE WHEN f.verification THEN b.verified_on ELSE a.verified_on END,
              verification_method = CASE WHEN f.verification THEN b.verification_method ELSE a.verification_method END,
              updated_at = now()
         FROM businesses b,
              (SELECT o.category = '' AND n.category <> '' AS category,
                      o.description = '' AND n.description <> '' AS description,
                      o.phone = '' AND n.phone <> '' AS phone,
                      o.website = '' AND n.website <> '' AS website,
                      o.business_hours = '{}'::jsonb AND n.business_hours <> '{}'::jsonb AS business_hours,
                      o.social_media = '{}'::jsonb AND n.social_media <> '{}'::jsonb AS social_media,
                      o.latitude IS NULL AND n.latitude IS NOT NULL AS position,
                      o.verified_on IS NULL AND n.verified_on IS NOT NULL AS verification
                 FROM businesses o, businesses n WHERE o.id = $1 AND n.id = $2) f
        WHERE a.id = $1 AND b.id = $2
       RETURNING f.category, f.description, f.phone, f.website, f.business_hours, f.social_media, f.position, f.verification`,
      [intoId, fromId],
    );
    const filled = rows[0];
    return filled ? FILLABLE_FIELDS.filter((field) => filled[field]) : [];
  }

  /** B now leads to A, and so does every business that led to B (a chain always ends at the survivor). */
  async recordMerge(intoId: number, fromId: number, adminId: number): Promise<void> {
    await this.db.query('UPDATE business_merges SET into_id = $1 WHERE into_id = $2', [intoId, fromId]);
    await this.db.query(
      `INSERT INTO business_merges (from_id, into_id, merged_by) VALUES ($2, $1, (SELECT id FROM users WHERE id = $3))
       ON CONFLICT (from_id) DO UPDATE SET into_id = EXCLUDED.into_id, merged_by = EXCLUDED.merged_by, merged_at = now()`,
      [intoId, fromId, adminId],
    );
  }

  async deleteBusiness(id: number): Promise<void> {
    await this.db.query('DELETE FROM businesses WHERE id = $1', [id]);
  }

  /** The survivor a merged business's id leads to, or null. */
  async mergedInto(id: number): Promise<number | null> {
    const { rows } = await this.db.query<{ into_id: number }>('SELECT into_id FROM business_merges WHERE from_id = $1', [id]);
    return rows[0]?.into_id ?? null;
  }
}
