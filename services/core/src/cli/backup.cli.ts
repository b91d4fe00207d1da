// `npm run backup` (root script; `node services/core/dist/backup.js` in the image): a pg_dump (custom format) of
// DATABASE_URL, UPLOAD_DIR and a manifest of sha256 checksums, stored in BACKUP_DIR (or the bucket of
// BACKUP_S3_BUCKET); keeps the newest BACKUP_KEEP backups.
// `npm run backup -- --uploads-archive`: copies the uploads written since its last run into the uploads archive
// (run every few minutes: it bounds how much of UPLOAD_DIR a restore to a moment can lose).
import { createBackup, pruneBackups } from '../backup/backup';
import { backupSettings } from '../backup/backup-settings';
import { syncUploadsArchive } from '../backup/uploads-archive';

async function main(): Promise<void> {
  const started = Date.now();
  if (process.argv.includes('--uploads-archive')) {
    const settings = backupSettings(process.env, { database: false });
    const copied = await syncUploadsArchive(settings.uploadDir, settings.uploadsArchiveDir);
    console.log(`uploads archive ${settings.uploadsArchiveDir}: ${copied} new files, ${Date.now() - started} ms`);
    return;
  }
  const settings = backupSettings();
  const { name, manifest } = await createBackup(settings);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`backup ${settings.store.describe(name)}: ${manifest.files.length} files, ${(bytes / 1e6).toFixed(1)} MB, ${Date.now() - started} ms`);
  for (const old of await pruneBackups(settings.store, settings.keep)) {
    console.log(`removed the old backup ${settings.store.describe(old)} (BACKUP_KEEP=${settings.keep})`);
  }
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
