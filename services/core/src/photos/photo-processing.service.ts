import { PHOTO_RULES } from '@zaytoon/contract';
import { ImageRejectedError } from '../images/image-errors';
import type { ImageRepository } from '../images/image.repository';
import type { StorageRepository } from '../storage/storage.repository';
import { removeMemberPhotoFiles, removePhotoFiles } from './photo-files';
import { photoFileKey, photoStem } from './photo-keys';
import type { PhotosRepository, StoredSize } from './photos.repository';

export type PhotoOutcome = { status: 'ready'; sizes: StoredSize[] } | { status: 'done-before' } | { status: 'photo-gone' };

/**
 * Turns an uploaded original into the photo's WebP sizes. Safe to run again for the same upload, also after a run
 * killed at any point: the row becomes ready only once every size is stored, and the original is deleted last.
 */
export class PhotoProcessingService {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly images: ImageRepository,
    private readonly storage: StorageRepository,
  ) {}

  async processUpload(input: { photoId: number; uploaderId: number; originalKey: string }): Promise<PhotoOutcome> {
    const { photoId, originalKey } = input;
    const stem = photoStem(input.uploaderId, originalKey);
    const photo = await this.photos.findFiles(photoId);
    if (!photo || photo.storage_stem !== stem) return this.discard(stem, originalKey);
    if (photo.state !== 'pending') {
      // A rerun of a run that did everything but delete the original.
      await this.storage.delete(originalKey);
      return { status: 'done-before' };
    }

    const original = await this.storage.get(originalKey);
    if (!original) {
      // Pending without its original: it can never be made, so nothing of it stays.
      await this.photos.delete(photoId);
      await this.discard(stem, originalKey);
      throw new ImageRejectedError(`Original upload ${originalKey} not found`);
    }
    let resized;
    try {
      resized = await this.images.widthWebp(original, PHOTO_RULES.widths, ['jpeg', 'png', 'webp']);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      // It will never become an image: the photo goes, with whatever an earlier attempt stored.
      await this.photos.delete(photoId);
      await this.discard(stem, originalKey);
      throw error;
    }

    for (const size of resized) await this.storage.put(photoFileKey(stem, size.width), size.data);
    const sizes = resized.map(({ width, height }) => ({ width, height }));
    // Deleted while its sizes were made: they go too.
    if (!(await this.photos.markReady(photoId, sizes))) return this.discard(stem, originalKey);
    await this.storage.delete(originalKey);
    return { status: 'ready', sizes };
  }

  /** After the account is gone: every file of its photos (the rows went with it). Safe to run again. */
  async removeFilesOf(input: { userId: number }): Promise<{ removed: string[] }> {
    return { removed: (await removeMemberPhotoFiles(this.storage, input.userId)).sort() };
  }

  /** The files of photos whose rows are gone with their business. Safe to run again. */
  async removeFilesOfStems(input: { stems: string[] }): Promise<{ removed: string[] }> {
    const removed = await Promise.all(input.stems.map((stem) => removePhotoFiles(this.storage, stem)));
    return { removed: removed.flat().sort() };
  }

  private async discard(stem: string, originalKey: string): Promise<{ status: 'photo-gone' }> {
    await removePhotoFiles(this.storage, stem);
    await this.storage.delete(originalKey);
    return { status: 'photo-gone' };
  }
}
