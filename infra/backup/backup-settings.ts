// Settings of `npm run backup` / `npm run restore`: DATABASE_URL (default: the `npm start` database),
// UPLOAD_DIR (default DATA_DIR/uploads), BACKUP_DIR (default DATA_DIR/backups) or BACKUP_S3_BUCKET, and
// BACKUP_KEEP (how many backups to keep, 7).
import { join } from 'node:path';
import { loadConfig } from '../dev/config';
import { DB_NAME, DB_PASSWORD, DB_USER } from '../dev/postgres';
import { backupStoreFromEnv, type BackupStore } from './backup-store';

export interface BackupSettings {
  databaseUrl: string;
  uploadDir: string;
  store: BackupStore;
  keep: number;
}

export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const config = loadConfig('development', env);
  const keep = Number(env.BACKUP_KEEP ?? 7);
  if (!Number.isSafeInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP=${env.BACKUP_KEEP} must be a whole number of at least 1`);
  return {
    databaseUrl: env.DATABASE_URL || `postgres://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${config.ports.postgres}/${DB_NAME}`,
    uploadDir: config.uploadDir,
    store: backupStoreFromEnv(env, join(config.dataDir, 'backups')),
    keep,
  };
}
