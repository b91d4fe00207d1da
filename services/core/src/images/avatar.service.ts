import type { StorageRepository } from '../storage/storage.repository';
import { AVATAR_SIZES, avatarKeyPrefix, avatarKeys, avatarKeysFromPicture, type AvatarKeys } from './avatar-keys';
import { ImageRejectedError } from './image-errors';
import type { AvatarRepository } from './avatar.repository';
import type { ImageRepository } from './image.repository';

export type AvatarOutcome = { status: 'updated'; picture: string } | { status: 'user-gone' };

/**
 * Turns an uploaded original into the user's avatar. Safe to run again for the same upload, also after a
 * run killed at any point: the original is deleted last, so a rerun redoes every step whose effect may be missing.
 */
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
    for (const key of await this.storage.list(avatarKeyPrefix(input.userId))) keys.add(key);
    await Promise.all([...keys].map((key) => this.storage.delete(key)));
    return { removed: [...keys].sort() };
  }

  async processUpload(input: { userId: number; originalKey: string }): Promise<AvatarOutcome> {
    const { userId, originalKey } = input;
    const keys = avatarKeys(userId, originalKey);

    if (!(await this.avatars.userExists(userId))) return this.discardUpload(keys, originalKey);

    const original = await this.storage.get(originalKey);
    if (!original) {
      // The original goes last, so a run that finds it gone is a rerun of one that did everything else.
      const written = (await this.storage.exists(keys.large)) && (await this.storage.exists(keys.small));
      if (!written) throw new ImageRejectedError(`Original upload ${originalKey} not found`);
      return { status: 'updated', picture: keys.url };
    }
    let resized: Map<number, Buffer>;
    try {
      resized = await this.images.squareWebp(original, [AVATAR_SIZES.large, AVATAR_SIZES.small]);
    } catch (error) {
      // It will never become an image: keep no unusable upload around.
      if (error instanceof ImageRejectedError) await this.storage.delete(originalKey);
      throw error;
    }

    const installed = await this.avatars.withPictureLocked(userId, async (picture) => {
      await this.storage.put(keys.large, resized.get(AVATAR_SIZES.large)!);
      await this.storage.put(keys.small, resized.get(AVATAR_SIZES.small)!);
      await picture.set(keys.url);
      return true;
    });
    if (!installed) return this.discardUpload(keys, originalKey);
    // Only once the new picture is committed: a failed commit must not cost the avatar users.picture still names.
    await this.avatars.withPictureLocked(userId, (picture) => this.removeAvatarFilesBut(userId, picture.current));
    await this.storage.delete(originalKey);
    return { status: 'updated', picture: keys.url };
  }

  /**
   * Every avatar file of the user except the ones `picture` names: earlier avatars, and whatever a run killed
   * half-way left. Called under the user's row lock, which every writer of avatar files holds while writing.
   */
  private async removeAvatarFilesBut(userId: number, picture: string | null): Promise<void> {
    const kept = avatarKeysFromPicture(picture);
    const stale = (await this.storage.list(avatarKeyPrefix(userId))).filter((key) => key !== kept?.large && key !== kept?.small);
    await Promise.all(stale.map((key) => this.storage.delete(key)));
  }

  private async discardUpload(keys: AvatarKeys, originalKey: string): Promise<AvatarOutcome> {
    await Promise.all([keys.large, keys.small, originalKey].map((key) => this.storage.delete(key)));
    return { status: 'user-gone' };
  }
}
