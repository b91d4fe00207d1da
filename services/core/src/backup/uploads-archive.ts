// Point-in-time recovery of UPLOAD_DIR. Upload keys are generated names that are written once and never
// rewritten (storage.repository.ts), so an archive that only ever adds files, each with the time it was
// written (its mtime), can give back UPLOAD_DIR as it was at any moment: the files written until then.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { filesBelow } from './backup';

/** Copies the uploads the archive lacks into it, keeping their mtimes; returns how many it copied. */
export async function syncUploadsArchive(uploadDir: string, archiveDir: string): Promise<number> {
  let copied = 0;
  for (const path of await filesBelow(uploadDir)) {
    const target = join(archiveDir, path);
    if (existsSync(target)) continue;
    const source = join(uploadDir, path);
    const { atime, mtime } = await stat(source);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(source, `${target}.tmp`);
    await utimes(`${target}.tmp`, atime, mtime);
    await rename(`${target}.tmp`, target);
    copied++;
  }
  return copied;
}

/** Fills an empty UPLOAD_DIR with the archived files written at or before `until`. */
export async function restoreUploadsUntil(archiveDir: string, uploadDir: string, until: Date): Promise<number> {
  let restored = 0;
  for (const path of await filesBelow(archiveDir)) {
    const source = join(archiveDir, path);
    const { atime, mtime } = await stat(source);
    if (mtime.getTime() > until.getTime()) continue;
    const target = join(uploadDir, path);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(source, target);
    await utimes(target, atime, mtime);
    restored++;
  }
  return restored;
}
