// `npm run restore -- <backup>` (`node services/core/dist/restore.js <backup>` in the image): <backup> is a
// backup's folder or its name in BACKUP_DIR (or the bucket). Checks every checksum first and refuses a damaged
// backup; then restores into DATABASE_URL, which must be an empty database (a fresh deployment, before
// migrations), and copies the uploads into UPLOAD_DIR.
// `npm run restore -- --uploads-until <time>`: after a point-in-time restore of the database (pgBackRest),
// fills an empty UPLOAD_DIR with the archived uploads written until that time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { DirectoryBackupStore } from '../backup/backup-store';
import { DamagedBackupError, restoreBackup } from '../backup/backup';
import { backupSettings } from '../backup/backup-settings';
import { restoreUploadsUntil } from '../backup/uploads-archive';

const USAGE = 'usage: npm run restore -- <backup folder or name>\n       npm run restore -- --uploads-until <ISO time, e.g. 2026-11-29T13:10:00Z>';

async function restoreUploads(until: string | undefined): Promise<void> {
  const moment = new Date(until ?? '');
  if (!until || Number.isNaN(moment.getTime())) throw new Error(USAGE);
  const settings = backupSettings(process.env, { database: false });
  if (existsSync(settings.uploadDir) && readdirSync(settings.uploadDir).length) {
    throw new Error(`UPLOAD_DIR ${settings.uploadDir} is not empty: restore into an empty folder`);
  }
  const restored = await restoreUploadsUntil(settings.uploadsArchiveDir, settings.uploadDir, moment);
  console.log(`restored ${restored} uploads written until ${moment.toISOString()} into ${settings.uploadDir}`);
}

async function main(): Promise<void> {
  const argument = process.argv[2];
  if (argument === '--uploads-until') return restoreUploads(process.argv[3]);
  if (!argument || argument.startsWith('-')) throw new Error(USAGE);
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
