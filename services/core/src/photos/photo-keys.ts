import { createHash } from 'node:crypto';
import type { PhotoSize } from '@zaytoon/contract';
import { UPLOADS_PUBLIC_PATH } from '../images/avatar-keys';

/** Where every photo file of a member lives: one folder per uploader, so the files of a deleted account are found by listing it. */
export function photoFolder(uploaderId: number): string {
  return `photos/${uploaderId}/`;
}

/**
 * The common start of one photo's files. Derived from the original's (random) key, so it is unguessable and a
 * retried job writes the same files.
 */
export function photoStem(uploaderId: number, originalKey: string): string {
  return photoFolder(uploaderId) + createHash('sha256').update(originalKey).digest('hex').slice(0, 20);
}

export const photoFileKey = (stem: string, width: number): string => `${stem}-${width}.webp`;

/** What photoStem makes: the uploader's folder and 20 hex digits. */
export const PHOTO_STEM = /^photos\/\d{1,10}\/[0-9a-f]{20}$/;

/** The stem of a photo file's key (photoFileKey's inverse), or null for a key no photo size has. */
export function stemOfPhotoFile(key: string): string | null {
  const stem = /^(.*)-\d{1,5}\.webp$/.exec(key)?.[1];
  return stem && PHOTO_STEM.test(stem) ? stem : null;
}

/** photoFileKey's public URL in SQL, for rows that carry a photo's size (a business's cover). */
export const photoUrlSql = (stem: string, width: string): string => `'${UPLOADS_PUBLIC_PATH}' || ${stem} || '-' || ${width} || '.webp'`;

/** The stored sizes as the API lists them: each with the public URL of its file. */
export const photoSizesWithUrls = (stem: string, sizes: readonly { width: number; height: number }[]): PhotoSize[] =>
  sizes.map(({ width, height }) => ({ width, height, url: UPLOADS_PUBLIC_PATH + photoFileKey(stem, width) }));
