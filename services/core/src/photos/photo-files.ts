import type { StorageRepository } from '../storage/storage.repository';
import { photoFolder } from './photo-keys';

/** Every stored size of one photo, whichever widths it has, and any trace of a write cut short. Safe to run again. */
export async function removePhotoFiles(storage: StorageRepository, stem: string): Promise<string[]> {
  const keys = await storage.list(`${stem}-`);
  await Promise.all(keys.map((key) => storage.delete(key)));
  return keys;
}

/** Every photo file of a member (a deleted account's), whatever state each was in. Safe to run again. */
export async function removeMemberPhotoFiles(storage: StorageRepository, uploaderId: number): Promise<string[]> {
  const keys = await storage.list(photoFolder(uploaderId));
  await Promise.all(keys.map((key) => storage.delete(key)));
  return keys;
}
