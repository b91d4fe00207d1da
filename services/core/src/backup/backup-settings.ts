// Settings of the backup and restore CLIs: DATABASE_URL, UPLOAD_DIR (.data/uploads, as the API's default),
// BACKUP_DIR (.data/backups) or BACKUP_S3_BUCKET, and BACKUP_KEEP (how many backups to keep, 7).
import { backupStoreFromEnv, type BackupStore } from './backup-store';

export interface BackupSettings {
  databaseUrl: string;
  uploadDir: string;
  store: BackupStore;
  keep: number;
}

export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: name the database to back up or restore into');
  const keep = Number(env.BACKUP_KEEP ?? 7);
  if (!Number.isSafeInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP=${env.BACKUP_KEEP} must be a whole number of at least 1`);
  return {
    databaseUrl: env.DATABASE_URL,
    uploadDir: env.UPLOAD_DIR || '.data/uploads',
    store: backupStoreFromEnv(env, '.data/backups'),
    keep,
  };
}
