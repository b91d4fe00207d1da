import { randomBytes } from 'node:crypto';
import { LIMITS, MESSAGES, type User } from '@zaytoon/contract';
import { DomainError, badRequest } from '../errors/domain-error.js';
import type { JobQueueRepository } from '../jobs/job-queue.repository.js';
import { detectPictureType } from './picture-type.js';

export interface OriginalPictureStore {
  put(key: string, data: Buffer): Promise<void>;
}

export const AVATAR_URL_PREFIX = '/api/uploads/';

/** Stored avatar keys follow from the original's key, so the answer can name the picture before the job has run. */
export const avatarKeyFor = (originalKey: string, size: 256 | 64) =>
  `avatars/${originalKey.replace(/^originals\//, '')}-${size}.webp`;

export class ProfilePictureService {
  constructor(
    private readonly store: OriginalPictureStore,
    private readonly jobs: JobQueueRepository,
  ) {}

  async upload(file: { buffer: Buffer; size: number } | undefined, user: User): Promise<{ picture: string; message: string }> {
    if (!file) throw badRequest(MESSAGES.fileRequired);
    if (file.size > LIMITS.pictureMaxBytes) throw new DomainError('too_large', MESSAGES.pictureTooLarge);
    if (!detectPictureType(file.buffer)) throw new DomainError('unsupported_type', MESSAGES.pictureWrongType);
    const originalKey = `originals/${user.id}-${randomBytes(8).toString('hex')}`;
    await this.store.put(originalKey, file.buffer);
    await this.jobs.enqueue('resizeAvatar', { userId: user.id, originalKey });
    return { picture: AVATAR_URL_PREFIX + avatarKeyFor(originalKey, 256), message: MESSAGES.pictureUpdated };
  }
}
