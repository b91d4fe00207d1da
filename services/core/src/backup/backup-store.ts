// Where backups go: a folder (BACKUP_DIR) or, when BACKUP_S3_BUCKET is set, an S3-compatible bucket.
// A backup is a set of files under one name (e.g. 2026-11-29T13-00-00Z/) whose manifest.json is written
// last, so a backup without its manifest is one that never finished.
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface BackupStore {
  /** Where a backup is described to people (a folder or s3://bucket/prefix). */
  describe(name: string): string;
  /** Stores the finished backup built in `localDir` under `name`; the manifest goes last. */
  save(localDir: string, name: string): Promise<void>;
  /** Copies the backup `name` into `localDir` for checking and restoring. */
  load(name: string, localDir: string): Promise<void>;
  /** Names of finished backups, oldest first. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

export const MANIFEST = 'manifest.json';

export class DirectoryBackupStore implements BackupStore {
  constructor(readonly root: string) {}
  describe(name: string): string {
    return join(this.root, name);
  }
  async save(localDir: string, name: string): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const target = join(this.root, name);
    if (existsSync(target)) throw new Error(`a backup named ${name} already exists in ${this.root}`);
    if (resolve(localDir) !== target) await rename(localDir, target).catch(() => cp(localDir, target, { recursive: true, preserveTimestamps: true }));
  }
  async load(name: string, localDir: string): Promise<void> {
    await cp(join(this.root, name), localDir, { recursive: true, preserveTimestamps: true });
  }
  async list(): Promise<string[]> {
    if (!existsSync(this.root)) return [];
    const names = await readdir(this.root);
    return names.filter((name) => existsSync(join(this.root, name, MANIFEST))).sort();
  }
  async remove(name: string): Promise<void> {
    await rm(join(this.root, name), { recursive: true, force: true });
  }
}

export interface S3Settings {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
}

/**
 * BACKUP_S3_BUCKET (with BACKUP_S3_PREFIX, BACKUP_S3_ENDPOINT for MinIO, R2, B2 …, BACKUP_S3_REGION and the
 * AWS SDK's usual credentials) selects a bucket. No S3 client is installed in this repository yet: the store
 * is specified by BackupStore above and needs @aws-sdk/client-s3 (PutObject, GetObject, ListObjectsV2,
 * DeleteObjects) to be written; until then such a setting is refused rather than ignored.
 */
export function backupStoreFromEnv(env: NodeJS.ProcessEnv = process.env, fallbackDir?: string): BackupStore {
  if (env.BACKUP_S3_BUCKET) {
    throw new Error(
      `BACKUP_S3_BUCKET=${env.BACKUP_S3_BUCKET} is set, but this build has no S3 client: add @aws-sdk/client-s3 to infra (see docs/decisions/0036-backups.md), or unset it and use BACKUP_DIR`,
    );
  }
  const dir = env.BACKUP_DIR || fallbackDir;
  if (!dir) throw new Error('BACKUP_DIR is not set: name the folder that keeps the backups');
  return new DirectoryBackupStore(resolve(dir));
}
