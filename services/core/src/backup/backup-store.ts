// Where backups go: a folder (BACKUP_DIR) or, when BACKUP_S3_BUCKET is set, an S3-compatible bucket
// (s3-backup-store.ts; backupStoreFromEnv in backup-settings.ts picks one).
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
