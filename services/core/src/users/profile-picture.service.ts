import { LIMITS, MESSAGES, type User } from '@zaytoon/contract';
import { DomainError, badRequest } from '../errors/domain-error';
import { avatarKeys } from '../images/avatar-keys';
import { detectImageType } from '../images/image-type';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { generateStorageKey, type StorageRepository } from '../storage/storage.repository';

export class ProfilePictureService {
  constructor(
    private readonly storage: StorageRepository,
    private readonly jobs: JobQueueRepository,
  ) {}

  /** Checks the type by content before any image library sees it; the worker resizes it and sets users.picture. */
  async upload(file: { buffer: Buffer; size: number } | undefined, user: User): Promise<{ picture: string; message: string }> {
    if (!file) throw badRequest('fileRequired');
    if (file.size > LIMITS.pictureMaxBytes) throw new DomainError('too_large', 'pictureTooLarge');
    if (!detectImageType(file.buffer)) throw new DomainError('unsupported_type', 'pictureWrongType');
    const originalKey = generateStorageKey('originals');
    await this.storage.put(originalKey, file.buffer);
    await this.jobs.enqueue('resizeAvatar', { userId: user.id, originalKey });
    return { picture: avatarKeys(user.id, originalKey).url, message: MESSAGES.pictureUpdated };
  }
}
