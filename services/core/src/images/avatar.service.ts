import type { StorageRepository } from '../storage/storage.repository.js';
import { AVATAR_SIZES, avatarKeys, avatarKeysFromPicture } from './avatar-keys.js';
import { ImageRejectedError } from './image-errors.js';
import type { AvatarRepository } from './avatar.repository.js';
import type { ImageRepository } from './image.repository.js';

export type AvatarOutcome = { status: 'updated'; picture: string } | { status: 'user-gone' };

/** Turns an uploaded original into the user's avatar. Safe to run again for the same upload. */
export class AvatarService {
  constructor(
    private readonly avatars: AvatarRepository,
    private readonly images: ImageRepository,
    private readonly storage: StorageRepository,
  ) {}

  /**
   * After the account is gone: its avatar files (the ones users.picture named, and any other this module
   * wrote for the user, e.g. from an upload finishing during the deletion). Safe to run again.
   */
  async removeFilesOf(input: { userId: number; picture: string | null }): Promise<{ removed: string[] }> {
    const keys = new Set<string>();
    const named = avatarKeysFromPicture(input.picture);
    if (named) keys.add(named.large).add(named.small);
    for (const key of await this.storage.list(`avatars/${input.userId}-`)) keys.add(key);
    await Promise.all([...keys].map((key) => this.storage.delete(key)));
    return { removed: [...keys].sort() };
  }

  async processUpload(input: { userId: number; originalKey: string }): Promise<AvatarOutcome> {
    const { userId, originalKey } = input;
    const keys = avatarKeys(userId, originalKey);

    if (!(await this.avatars.userExists(userId))) {
      await this.storage.delete(originalKey);
      return { status: 'user-gone' };
    }

    const original = await this.storage.get(originalKey);
    if (original) {
      let resized: Map<number, Buffer>;
      try {
        resized = await this.images.squareWebp(original, [AVATAR_SIZES.large, AVATAR_SIZES.small]);
      } catch (error) {
        // It will never become an image: keep no unusable upload around.
        if (error instanceof ImageRejectedError) await this.storage.delete(originalKey);
        throw error;
      }
      await this.storage.put(keys.large, resized.get(AVATAR_SIZES.large)!);
      await this.storage.put(keys.small, resized.get(AVATAR_SIZES.small)!);
    } else {
      // A rerun after the original was consumed: the avatars exist and only the last steps may be left.
      const written = (await this.storage.exists(keys.large)) && (await this.storage.exists(keys.small));
      if (!written) throw new ImageRejectedError(`Original upload ${originalKey} not found`);
    }

    const replaced = await this.avatars.replacePicture(userId, keys.url);
    if (!replaced) {
      await Promise.all([keys.large, keys.small, originalKey].map((key) => this.storage.delete(key)));
      return { status: 'user-gone' };
    }
    const previous = avatarKeysFromPicture(replaced.previous);
    if (previous && previous.url !== keys.url) {
      await Promise.all([previous.large, previous.small].map((key) => this.storage.delete(key)));
    }
    await this.storage.delete(originalKey);
    return { status: 'updated', picture: keys.url };
  }
}
