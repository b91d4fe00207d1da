import { createHash } from 'node:crypto';

/** The API serves UPLOAD_DIR under this path. */
export const UPLOADS_PUBLIC_PATH = '/api/uploads/';

export const AVATAR_SIZES = { large: 256, small: 64 } as const;

export interface AvatarKeys {
  large: string;
  small: string;
  /** What users.picture holds: the public path of the large avatar. */
  url: string;
}

/**
 * Avatar file names for one upload. Derived from the original's (random) key rather than drawn
 * afresh, so a retried job writes the same files and the API can answer with the final URL
 * before the job has run.
 */
export function avatarKeys(userId: number, originalKey: string): AvatarKeys {
  const token = createHash('sha256').update(originalKey).digest('hex').slice(0, 16);
  const stem = avatarKeyPrefix(userId) + token;
  const large = `${stem}-${AVATAR_SIZES.large}.webp`;
  return { large, small: `${stem}-${AVATAR_SIZES.small}.webp`, url: UPLOADS_PUBLIC_PATH + large };
}

/** What every avatar key of the user starts with, whichever upload it came from. */
export function avatarKeyPrefix(userId: number): string {
  return `avatars/${userId}-`;
}

const PICTURE_RE = /^\/api\/uploads\/(avatars\/\d+-[0-9a-f]+)-256\.webp$/;

/** The files behind a users.picture value this module wrote, or null for anything else (e.g. an external URL). */
export function avatarKeysFromPicture(picture: string | null | undefined): AvatarKeys | null {
  const match = picture ? PICTURE_RE.exec(picture) : null;
  if (!match) return null;
  const stem = match[1];
  return { large: `${stem}-${AVATAR_SIZES.large}.webp`, small: `${stem}-${AVATAR_SIZES.small}.webp`, url: picture! };
}
