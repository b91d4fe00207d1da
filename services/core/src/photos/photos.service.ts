import {
  PHOTO_RULES,
  coded,
  type AdminPhoto,
  type Photo,
  type photoInputSchema,
  type photoReportInputSchema,
  type pageQuerySchema,
  type searchedQueueQuerySchema,
  type User,
  type Valid,
} from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { newestFirstPage, type ListPage } from '../db/keyset-page';
import { inTransaction, type Database } from '../db/pool';
import { DomainError, badRequest, conflict, forbidden, notFound } from '../errors/domain-error';
import { detectImageType, type ImageType } from '../images/image-type';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { generateStorageKey, type StorageRepository } from '../storage/storage.repository';
import { photoStem, stemOfPhotoFile } from './photo-keys';
import { PhotosRepository } from './photos.repository';
import { removePhotoFiles } from './photo-files';

const PHOTO_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp'];

export interface PhotoSettings {
  /** Photos one member may add to one business (PHOTOS_PER_MEMBER_PER_BUSINESS). */
  perMemberPerBusiness: number;
}

/** Members' photos of a business: the upload and its limits, the gallery's pages, deletion. The worker makes the sizes. */
export class PhotosService {
  constructor(
    private readonly db: Database,
    private readonly photos: PhotosRepository,
    private readonly businesses: BusinessesRepository,
    private readonly storage: StorageRepository,
    private readonly jobs: JobQueueRepository,
    private readonly settings: PhotoSettings,
  ) {}

  /** One page of the business's listed photos (ready, neither hidden nor removed), newest first. */
  async list(businessId: number, query: Valid<typeof pageQuerySchema>): Promise<ListPage<Photo>> {
    await this.requireBusiness(businessId);
    return newestFirstPage(
      query,
      (after, limit) => this.photos.pageForBusiness(businessId, after, limit),
      () => this.photos.countForBusiness(businessId),
    );
  }

  /** Whether the stored file under `key` may be served: a size of a listed photo (a hidden one's are not, until kept). */
  async isServable(key: string): Promise<boolean> {
    const stem = stemOfPhotoFile(key);
    return stem !== null && this.photos.isListedStem(stem);
  }

  /**
   * Checks the type by content before any image library sees it, stores the original and queues the job that makes
   * the sizes; the photo is listed once they exist.
   */
  async upload(
    businessId: number,
    file: { buffer: Buffer; size: number } | undefined,
    input: Valid<typeof photoInputSchema>,
    uploader: User,
  ): Promise<Photo> {
    if (!file) throw badRequest('fileRequired');
    if (file.size > PHOTO_RULES.maxBytes) throw new DomainError('too_large', 'photoTooLarge');
    const type = detectImageType(file.buffer);
    if (!type || !PHOTO_TYPES.includes(type)) throw new DomainError('unsupported_type', 'photoWrongType');
    await this.requireBusiness(businessId);

    const originalKey = generateStorageKey('originals');
    await this.storage.put(originalKey, file.buffer);
    let photo: Photo;
    try {
      photo = await inTransaction(this.db, async (client) => {
        const photos = new PhotosRepository(client);
        await photos.lockUploader(uploader.id);
        if ((await photos.countByUploaderForBusiness(uploader.id, businessId)) >= this.settings.perMemberPerBusiness) {
          throw conflict(coded('tooManyPhotos', { max: this.settings.perMemberPerBusiness }));
        }
        return photos.insert({
          businessId,
          uploaderId: uploader.id,
          altText: input.alt_text,
          licence: input.licence,
          storageStem: photoStem(uploader.id, originalKey),
        });
      });
    } catch (error) {
      await this.storage.delete(originalKey);
      throw error;
    }
    try {
      await this.jobs.enqueue('processPhoto', { photoId: photo.id, uploaderId: uploader.id, originalKey });
    } catch (error) {
      // Without its job the photo would stay pending for ever: the upload is refused whole.
      await this.photos.delete(photo.id);
      await this.storage.delete(originalKey);
      throw error;
    }
    return photo;
  }

  /** The uploader or an admin deletes the photo and its files at once. */
  async delete(photoId: number, actor: User): Promise<void> {
    const photo = await this.photos.findFiles(photoId);
    if (!photo) throw notFound('photoNotFound');
    if (photo.uploader_id !== actor.id && !actor.is_admin) throw forbidden('notAllowedToDeletePhoto');
    await this.changeAudited(actor, 'photo-deleted', photoId, { business_id: photo.business_id, uploader_id: photo.uploader_id }, async (photos) => {
      await photos.delete(photoId);
      return true;
    });
    await removePhotoFiles(this.storage, photo.storage_stem);
  }

  /** The business's owner or an admin makes a listed photo the cover (one per business), audited. */
  async makeCover(photoId: number, actor: User): Promise<void> {
    const photo = await this.photos.findFiles(photoId);
    if (!photo || photo.state !== 'ready') throw notFound('photoNotFound');
    const business = await this.businesses.findOwner(photo.business_id);
    if (!business) throw notFound('photoNotFound');
    if (business.owner_id !== actor.id && !actor.is_admin) throw forbidden('notAllowedToSetCover');
    await this.changeAudited(actor, 'photo-cover-set', photoId, { business_id: photo.business_id }, (photos) => photos.makeCover(photo));
  }

  /** A member reports a listed photo once; the report that makes PHOTO_RULES.reportsToHide hides it. Both audited. */
  async report(photoId: number, input: Valid<typeof photoReportInputSchema>, reporter: User): Promise<void> {
    const photo = await this.photos.findFiles(photoId);
    if (!photo || photo.state !== 'ready') throw notFound('photoNotFound');
    await inTransaction(this.db, async (client) => {
      const outcome = await new PhotosRepository(client).addReport(photoId, reporter.id, input.reason, PHOTO_RULES.reportsToHide);
      if (!outcome) throw conflict('alreadyReportedPhoto');
      const audit = new AuditRepository(client);
      await audit.record({
        actorId: reporter.id,
        action: 'photo-reported',
        targetType: 'photo',
        targetId: photoId,
        details: { reason: input.reason },
      });
      if (outcome.hidden) {
        await audit.record({
          actorId: null,
          action: 'photo-hidden',
          targetType: 'photo',
          targetId: photoId,
          details: { reports: PHOTO_RULES.reportsToHide },
        });
      }
    });
  }

  /** The admins' 'Photos' tab: one page of recent uploads, newest first, searched by business name. */
  adminList(query: Valid<typeof searchedQueueQuerySchema>): Promise<ListPage<AdminPhoto>> {
    return newestFirstPage(
      query,
      (after, limit) => this.photos.adminPage(query.search, after, limit),
      () => this.photos.countForAdmins(query.search),
    );
  }

  /** An admin removes a listed or hidden photo: audited, then its files are deleted. */
  async remove(photoId: number, admin: User): Promise<void> {
    const photo = await this.photos.findFiles(photoId);
    if (!photo) throw notFound('photoNotFound');
    await this.changeAudited(admin, 'photo-removed', photoId, { business_id: photo.business_id, uploader_id: photo.uploader_id }, (photos) =>
      photos.markRemoved(photoId),
    );
    await removePhotoFiles(this.storage, photo.storage_stem);
  }

  /** An admin keeps a photo its reports hid: listed again, audited. */
  async keep(photoId: number, admin: User): Promise<void> {
    await this.changeAudited(admin, 'photo-kept', photoId, undefined, (photos) => photos.keep(photoId));
  }

  /** Changes the photo and records who did it, at once; a change that finds no photo to change is 'not found'. */
  private async changeAudited(
    actor: User,
    action: string,
    photoId: number,
    details: Record<string, unknown> | undefined,
    change: (photos: PhotosRepository) => Promise<boolean>,
  ): Promise<void> {
    await inTransaction(this.db, async (client) => {
      if (!(await change(new PhotosRepository(client)))) throw notFound('photoNotFound');
      await new AuditRepository(client).record({ actorId: actor.id, action, targetType: 'photo', targetId: photoId, details });
    });
  }

  private async requireBusiness(businessId: number): Promise<void> {
    if (!(await this.businesses.findOwner(businessId))) throw notFound('businessNotFound');
  }
}
