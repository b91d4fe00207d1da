import { mkdtemp, mkdir, rm, utimes, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryBackupStore, MANIFEST } from './backup-store';
import { backupStoreFromEnv } from './backup-settings';
import { DamagedBackupError, DUMP_FILE, filesBelow, verifyBackup, writeManifest } from './backup';
import { S3BackupStore } from './s3-backup-store';
import { restoreUploadsUntil, syncUploadsArchive } from './uploads-archive';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backup-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeBackup(): Promise<void> {
  await writeFile(join(dir, DUMP_FILE), 'dump bytes');
  await mkdir(join(dir, 'uploads/avatars'), { recursive: true });
  await writeFile(join(dir, 'uploads/avatars/1-ab-256.webp'), 'avatar');
  await writeManifest(dir, 15);
}

describe('verifyBackup', () => {
  it('accepts an intact backup', async () => {
    await writeBackup();
    await expect(verifyBackup(dir)).resolves.toMatchObject({ format: 1 });
  });

  it.each([
    ['a changed byte', (d: string) => writeFile(join(d, 'uploads/avatars/1-ab-256.webp'), 'avatas'), /1-ab-256\.webp does not match its sha256/],
    ['a longer dump', (d: string) => appendFile(join(d, DUMP_FILE), 'x'), /database\.dump has 11 bytes, the manifest says 10/],
    ['a missing file', (d: string) => rm(join(d, DUMP_FILE)), /database\.dump is missing/],
    ['a file the manifest lacks', (d: string) => writeFile(join(d, 'uploads/extra'), 'x'), /uploads\/extra is not in the manifest/],
    ['no manifest', (d: string) => rm(join(d, MANIFEST)), /is not a finished backup: manifest\.json is missing/],
  ])('refuses a backup with %s', async (_, damage, message) => {
    await writeBackup();
    await damage(dir);
    const refusal = verifyBackup(dir, 'the backup');
    await expect(refusal).rejects.toBeInstanceOf(DamagedBackupError);
    await expect(refusal).rejects.toThrow(message);
  });
});

describe('uploads archive', () => {
  it('gives back the files written until a moment, and none written after it', async () => {
    const uploads = join(dir, 'uploads');
    const archive = join(dir, 'archive');
    await mkdir(join(uploads, 'avatars'), { recursive: true });
    const early = new Date('2026-01-01T10:00:00Z');
    const late = new Date('2026-01-01T10:00:02Z');
    await writeFile(join(uploads, 'avatars/1-a-256.webp'), 'early');
    await utimes(join(uploads, 'avatars/1-a-256.webp'), early, early);
    await writeFile(join(uploads, 'avatars/2-b-256.webp'), 'late');
    await utimes(join(uploads, 'avatars/2-b-256.webp'), late, late);
    await writeFile(join(uploads, 'avatars/3-c-256.webp.tmp'), 'an interrupted put');
    expect(await syncUploadsArchive(uploads, archive)).toBe(2);
    expect(await syncUploadsArchive(uploads, archive)).toBe(0);

    const restored = join(dir, 'restored');
    expect(await restoreUploadsUntil(archive, restored, new Date('2026-01-01T10:00:01Z'))).toBe(1);
    expect(await filesBelow(restored)).toEqual(['avatars/1-a-256.webp']);
  });
});

describe('backupStoreFromEnv', () => {
  it('takes the bucket when one is named, else the folder', () => {
    expect(backupStoreFromEnv({ BACKUP_S3_BUCKET: 'zaytoon-backups', BACKUP_S3_REGION: 'eu-west-2', BACKUP_DIR: dir })).toBeInstanceOf(S3BackupStore);
    expect(backupStoreFromEnv({ BACKUP_S3_BUCKET: '', BACKUP_DIR: dir })).toBeInstanceOf(DirectoryBackupStore);
  });
  it('needs a folder', () => {
    expect(() => backupStoreFromEnv({})).toThrow(/BACKUP_DIR is not set/);
  });
});
