// `npm run restore -- <backup>` (`node services/core/dist/restore.js <backup>` in the image): <backup> is a backup's folder or its name in BACKUP_DIR (or the bucket).
// Checks every checksum first and refuses a damaged backup; then restores into DATABASE_URL, which must be
// an empty database (a fresh deployment, before migrations), and copies the uploads into UPLOAD_DIR.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { DirectoryBackupStore } from '../backup/backup-store';
import { DamagedBackupError, restoreBackup } from '../backup/backup';
import { backupSettings } from '../backup/backup-settings';

async function main(): Promise<void> {
  const argument = process.argv[2];
  if (!argument || argument.startsWith('-')) throw new Error('usage: npm run restore -- <backup folder or name>');
  const settings = backupSettings();
  const isFolder = existsSync(argument) && statSync(argument).isDirectory();
  const store = isFolder ? new DirectoryBackupStore(dirname(resolve(argument))) : settings.store;
  const name = isFolder ? basename(resolve(argument)) : argument;
  const started = Date.now();
  const manifest = await restoreBackup({ ...settings, store, name });
  console.log(`restored ${store.describe(name)} (made ${manifest.createdAt}) in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DamagedBackupError ? error.message : `restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
