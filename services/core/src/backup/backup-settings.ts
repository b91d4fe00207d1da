// Settings of the backup and restore CLIs: DATABASE_URL, UPLOAD_DIR (.data/uploads, as the API's default),
// BACKUP_DIR (.data/backups) or BACKUP_S3_BUCKET (with BACKUP_S3_*, s3-backup-store.ts), BACKUP_KEEP (how many
// backups to keep, 7), and BACKUP_UPLOADS_ARCHIVE_DIR (BACKUP_DIR/uploads-archive): every upload ever written, for
// restores to a moment. DATABASE_URL and the AWS credentials may also come from `<NAME>_FILE`.
import { join, resolve } from 'node:path';
import { withSecretFiles } from '../config/config';
import { DirectoryBackupStore, type BackupStore } from './backup-store';
import { S3BackupStore, s3SettingsFromEnv } from './s3-backup-store';

export interface BackupSettings {
  databaseUrl: string;
  uploadDir: string;
  store: BackupStore;
  keep: number;
  uploadsArchiveDir: string;
}

/** The bucket of BACKUP_S3_BUCKET when it is set, else the folder BACKUP_DIR (or `fallbackDir`). */
export function backupStoreFromEnv(env: NodeJS.ProcessEnv = process.env, fallbackDir?: string): BackupStore {
  if (env.BACKUP_S3_BUCKET) return new S3BackupStore(s3SettingsFromEnv(env));
  const dir = env.BACKUP_DIR || fallbackDir;
  if (!dir) throw new Error('BACKUP_DIR is not set: name the folder that keeps the backups');
  return new DirectoryBackupStore(resolve(dir));
}

export function backupSettings(rawEnv: NodeJS.ProcessEnv = process.env, needs: { database: boolean } = { database: true }): BackupSettings {
  const env = withSecretFiles(rawEnv, ['DATABASE_URL']);
  if (needs.database && !env.DATABASE_URL) throw new Error('DATABASE_URL is not set: name the database to back up or restore into');
  const keep = Number(env.BACKUP_KEEP ?? 7);
  if (!Number.isSafeInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP=${env.BACKUP_KEEP} must be a whole number of at least 1`);
  const backupDir = resolve(env.BACKUP_DIR || '.data/backups');
  return {
    databaseUrl: env.DATABASE_URL ?? '',
    uploadDir: env.UPLOAD_DIR || '.data/uploads',
    store: backupStoreFromEnv(env, backupDir),
    keep,
    uploadsArchiveDir: resolve(env.BACKUP_UPLOADS_ARCHIVE_DIR || join(backupDir, 'uploads-archive')),
  };
}
