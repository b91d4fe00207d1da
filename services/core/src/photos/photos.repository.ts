import type { Photo, PhotoState } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';
import { newestFirst, type NewestFirstKey } from '../db/keyset-page';
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

  async countForBusiness(businessId: number): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>("SELECT count(*)::int AS count FROM photos WHERE business_id = $1 AND state = 'ready'", [
      businessId,
    ]);
    return rows[0].count;
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

  async delete(photoId: number): Promise<void> {
    await this.db.query('DELETE FROM photos WHERE id = $1', [photoId]);
  }
}
