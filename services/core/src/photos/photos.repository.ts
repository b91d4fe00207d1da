import type { AdminPhoto, Photo, PhotoState } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { newestFirst, type NewestFirstKey } from '../db/keyset-page';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';
import { photoSizesWithUrls } from './photo-keys';

export interface StoredSize {
  width: number;
  height: number;
}

/** What the files of a photo and the rights over it need. */
export interface PhotoFiles {
  id: number;
  business_id: number;
  uploader_id: number;
  state: PhotoState;
  storage_stem: string;
}

interface PhotoRow extends Omit<Photo, 'sizes'> {
  storage_stem: string;
  sizes: StoredSize[];
}

const PHOTO_COLUMNS = `p.id, p.business_id, p.uploader_id, u.username, (b.owner_id IS NOT DISTINCT FROM p.uploader_id) AS from_owner,
  p.alt_text, p.licence, p.state, p.storage_stem, p.sizes, p.is_cover, p.created_at`;
const photoJoins = (photos = 'photos') => `FROM ${photos} p JOIN users u ON u.id = p.uploader_id JOIN businesses b ON b.id = p.business_id`;

const toPhoto = ({ storage_stem: stem, sizes, ...row }: PhotoRow): Photo => ({ ...row, sizes: photoSizesWithUrls(stem, sizes) });

export class PhotosRepository {
  constructor(private readonly db: Queryable) {}

  /** Locks the member's row, so two uploads of one member are counted one after the other. */
  async lockUploader(uploaderId: number): Promise<void> {
    await this.db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [uploaderId]);
  }

  /** Every photo the member has added to the business and not deleted, removed ones included. */
  async countByUploaderForBusiness(uploaderId: number, businessId: number): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM photos WHERE uploader_id = $1 AND business_id = $2', [
      uploaderId,
      businessId,
    ]);
    return rows[0].count;
  }

  async insert(photo: { businessId: number; uploaderId: number; altText: string; licence: string; storageStem: string }): Promise<Photo> {
    const { rows } = await this.db.query<PhotoRow>(
      `WITH inserted AS (
         INSERT INTO photos (business_id, uploader_id, alt_text, licence, storage_stem) VALUES ($1, $2, $3, $4, $5) RETURNING *
       ) SELECT ${PHOTO_COLUMNS} ${photoJoins('inserted')}`,
      [photo.businessId, photo.uploaderId, photo.altText, photo.licence, photo.storageStem],
    );
    return toPhoto(rows[0]);
  }

  async pageForBusiness(businessId: number, after: NewestFirstKey | undefined, limit: number): Promise<(Photo & { sort_key: string })[]> {
    const { rows } = await this.db.query<PhotoRow & { sort_key: string }>(
      `SELECT ${PHOTO_COLUMNS}, ${newestFirst.exactTimeSql('p.created_at')} AS sort_key ${photoJoins()}
        WHERE p.business_id = $1 AND p.state = 'ready' AND ${newestFirst.afterSql('p.created_at', 'p.id', 2)}
        ${newestFirst.orderSql('p.created_at', 'p.id')} LIMIT $4`,
      [businessId, ...newestFirst.params(after), limit],
    );
    return rows.map(({ sort_key, ...row }) => ({ ...toPhoto(row), sort_key }));
  }

  /** Whether the photo is listed and the business's, held against a deletion until the transaction ends. */
  async holdListedOfBusiness(photoId: number, businessId: number): Promise<boolean> {
    const { rowCount } = await this.db.query("SELECT 1 FROM photos WHERE id = $1 AND business_id = $2 AND state = 'ready' FOR KEY SHARE", [
      photoId,
      businessId,
    ]);
    return rowCount === 1;
  }

  /** The business's listed photo that shows the Palestinian products it stocks. */
  async productProofOf(businessId: number): Promise<Photo | null> {
    const { rows } = await this.db.query<PhotoRow>(
      `SELECT ${PHOTO_COLUMNS} ${photoJoins()} JOIN business_product_photos proof ON proof.photo_id = p.id
        WHERE proof.business_id = $1 AND p.state = 'ready'`,
      [businessId],
    );
    return rows[0] ? toPhoto(rows[0]) : null;
  }

  async countForBusiness(businessId: number): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>("SELECT count(*)::int AS count FROM photos WHERE business_id = $1 AND state = 'ready'", [
      businessId,
    ]);
    return rows[0].count;
  }

  /** Every photo's stem of the business, whatever its state: read before the business is deleted, for its files. */
  async stemsOfBusiness(businessId: number): Promise<string[]> {
    const { rows } = await this.db.query<{ storage_stem: string }>('SELECT storage_stem FROM photos WHERE business_id = $1', [businessId]);
    return rows.map((row) => row.storage_stem);
  }

  /** Whether the photo of these files is listed (ready): not pending, hidden until reviewed, removed or gone. */
  async isListedStem(stem: string): Promise<boolean> {
    const { rowCount } = await this.db.query("SELECT 1 FROM photos WHERE storage_stem = $1 AND state = 'ready'", [stem]);
    return rowCount === 1;
  }

  async findFiles(photoId: number): Promise<PhotoFiles | null> {
    const { rows } = await this.db.query<PhotoFiles>('SELECT id, business_id, uploader_id, state, storage_stem FROM photos WHERE id = $1', [photoId]);
    return rows[0] ?? null;
  }

  /** Makes a pending photo ready with the sizes now stored; false when it is no longer pending (deleted meanwhile, or done). */
  async markReady(photoId: number, sizes: StoredSize[]): Promise<boolean> {
    const { rowCount } = await this.db.query("UPDATE photos SET state = 'ready', sizes = $2 WHERE id = $1 AND state = 'pending'", [
      photoId,
      JSON.stringify(sizes),
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** Makes the ready photo its business's only cover; false when it is not ready. */
  async makeCover(photo: { id: number; business_id: number }): Promise<boolean> {
    // The business's row lock keeps two choices at once from both unsetting the other's.
    await this.db.query('SELECT 1 FROM businesses WHERE id = $1 FOR UPDATE', [photo.business_id]);
    await this.db.query('UPDATE photos SET is_cover = false WHERE business_id = $1 AND is_cover AND id <> $2', [photo.business_id, photo.id]);
    const { rowCount } = await this.db.query("UPDATE photos SET is_cover = true WHERE id = $1 AND state = 'ready'", [photo.id]);
    return (rowCount ?? 0) > 0;
  }

  /**
   * The member's report of a listed photo, counted; the report that reaches `reportsToHide` hides it (and it is no
   * longer the cover). Null when the member had reported it already.
   */
  async addReport(photoId: number, reporterId: number, reason: string, reportsToHide: number): Promise<{ hidden: boolean } | null> {
    const inserted = await this.db.query('INSERT INTO photo_reports (photo_id, reporter_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      photoId,
      reporterId,
      reason,
    ]);
    if (!inserted.rowCount) return null;
    const { rows } = await this.db.query<{ hidden: boolean }>(
      `UPDATE photos SET report_count = report_count + 1,
              state = CASE WHEN state = 'ready' AND report_count + 1 >= $2 THEN 'hidden' ELSE state END,
              is_cover = is_cover AND NOT (state = 'ready' AND report_count + 1 >= $2)
        WHERE id = $1 RETURNING state = 'hidden' AS hidden`,
      [photoId, reportsToHide],
    );
    return rows[0];
  }

  /** An admin's removal: no longer listed nor the cover; the row stays for the uploader's record. False when already removed. */
  async markRemoved(photoId: number): Promise<boolean> {
    const { rowCount } = await this.db.query("UPDATE photos SET state = 'removed', is_cover = false WHERE id = $1 AND state IN ('ready', 'hidden')", [
      photoId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** An admin keeps a hidden photo: listed again, its reports cleared. False when it was not hidden. */
  async keep(photoId: number): Promise<boolean> {
    const { rowCount } = await this.db.query("UPDATE photos SET state = 'ready', report_count = 0 WHERE id = $1 AND state = 'hidden'", [photoId]);
    if (!rowCount) return false;
    await this.db.query('DELETE FROM photo_reports WHERE photo_id = $1', [photoId]);
    return true;
  }

  /**
   * The admins' feed: listed and hidden photos of the businesses whose name holds `search` (all without one), newest
   * first, each with its latest reasons and its uploader's record.
   */
  async adminPage(search: string | undefined, after: NewestFirstKey | undefined, limit: number): Promise<(AdminPhoto & { sort_key: string })[]> {
    const { rows } = await this.db.query<PhotoRow & { sort_key: string; report_count: number; reasons: string[]; uploader: AdminPhoto['uploader'] }>(
      `SELECT ${PHOTO_COLUMNS}, p.report_count, ${newestFirst.exactTimeSql('p.created_at')} AS sort_key,
              ARRAY(SELECT r.reason FROM photo_reports r WHERE r.photo_id = p.id ORDER BY r.created_at DESC LIMIT 3) AS reasons,
              json_build_object(
                'account_created_at', to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'photos', (SELECT count(*)::int FROM photos o WHERE o.uploader_id = p.uploader_id),
                'photos_removed', (SELECT count(*)::int FROM photos o WHERE o.uploader_id = p.uploader_id AND o.state = 'removed')
              ) AS uploader
         ${photoJoins()}
        WHERE p.state IN ('ready', 'hidden') AND ${nameHoldsSql('b', '$4')} AND ${newestFirst.afterSql('p.created_at', 'p.id', 1)}
        ${newestFirst.orderSql('p.created_at', 'p.id')} LIMIT $3`,
      [...newestFirst.params(after), limit, nameSearchParam(search)],
    );
    return rows.map(({ sort_key, report_count, reasons, uploader, ...row }) => ({ ...toPhoto(row), report_count, reasons, uploader, sort_key }));
  }

  async countForAdmins(search: string | undefined): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM photos p JOIN businesses b ON b.id = p.business_id
        WHERE p.state IN ('ready', 'hidden') AND ${nameHoldsSql('b', '$1')}`,
      [nameSearchParam(search)],
    );
    return rows[0].count;
  }

  async delete(photoId: number): Promise<void> {
    await this.db.query('DELETE FROM photos WHERE id = $1', [photoId]);
  }
}
