// The bucket store against a real S3 API: fauxqs, an S3 emulator this test runs on a loopback port.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST } from './backup-store';
import { DamagedBackupError, DUMP_FILE, filesBelow, pruneBackups, sha256File, verifyBackup, writeManifest } from './backup';
import { S3BackupStore, s3SettingsFromEnv, type S3Settings } from './s3-backup-store';

const runProcess = promisify(execFile);
const MiB = 1024 * 1024;
const BUCKET = 'zaytoon-backups';

let server: FauxqsServer;
let dir: string;
let bucketCount = 0;

beforeAll(async () => {
  server = await startFauxqs({ host: '127.0.0.1', port: 0, logger: false });
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-backup-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function settings(bucket: string): S3Settings {
  return s3SettingsFromEnv({
    BACKUP_S3_BUCKET: bucket,
    BACKUP_S3_ENDPOINT: server.address,
    BACKUP_S3_PREFIX: '/zaytoon/nightly/',
    AWS_ACCESS_KEY_ID: 'test-key',
    AWS_SECRET_ACCESS_KEY: 'test-secret',
  });
}

/** A store on a fresh bucket; S3's smallest part and tiny list pages, so multipart uploads and paging both happen. */
async function freshStore(): Promise<S3BackupStore> {
  const store = new S3BackupStore(settings(`${BUCKET}-${++bucketCount}`), { partSize: 5 * MiB, pageSize: 2 });
  await store.client.send(new CreateBucketCommand({ Bucket: store.settings.bucket }));
  return store;
}

/** A finished backup in a folder of its own: a dump larger than one part, two avatars and the manifest. */
async function localBackup(label: string): Promise<string> {
  const folder = join(dir, label);
  await mkdir(join(folder, 'uploads/avatars'), { recursive: true });
  await writeFile(join(folder, DUMP_FILE), randomBytes(6 * MiB));
  await writeFile(join(folder, 'uploads/avatars/1-ab-256.webp'), `${label} large`);
  await writeFile(join(folder, 'uploads/avatars/1-ab-64.webp'), `${label} small`);
  await writeManifest(folder, 15);
  return folder;
}

async function keysOf(store: S3BackupStore, name: string): Promise<string[]> {
  const prefix = `${store.settings.prefix}/${name}/`;
  const { Contents } = await store.client.send(new ListObjectsV2Command({ Bucket: store.settings.bucket, Prefix: prefix }));
  return (Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length)).sort();
}

// Each test moves tens of MB through the emulator: more than vitest's default 5 s on a busy machine.
describe('S3BackupStore', { timeout: 60_000 }, () => {
  it('stores a backup under <prefix>/<name>/, manifest included, and gives back the same bytes', async () => {
    const store = await freshStore();
    const writes: string[] = [];
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (/^(PutObject|CompleteMultipartUpload)Command$/.test(context.commandName ?? '')) writes.push((args.input as { Key: string }).Key);
        return next(args);
      },
      { step: 'initialize', name: 'recordWrites' },
    );
    const source = await localBackup('a');
    await store.save(source, '2026-11-29T03-17-00Z');
    // The manifest is written once every file is in: a backup without it never finished.
    expect(writes).toHaveLength(4);
    expect(writes.at(-1)).toBe(`zaytoon/nightly/2026-11-29T03-17-00Z/${MANIFEST}`);
    expect(store.describe('2026-11-29T03-17-00Z')).toBe(`s3://${store.settings.bucket}/zaytoon/nightly/2026-11-29T03-17-00Z`);
    expect(await keysOf(store, '2026-11-29T03-17-00Z')).toEqual([
      DUMP_FILE,
      MANIFEST,
      'uploads/avatars/1-ab-256.webp',
      'uploads/avatars/1-ab-64.webp',
    ]);

    const loaded = join(dir, 'loaded');
    await store.load('2026-11-29T03-17-00Z', loaded);
    await expect(verifyBackup(loaded)).resolves.toMatchObject({ format: 1 });
    expect(await filesBelow(loaded)).toEqual(await filesBelow(source));
    expect(await sha256File(join(loaded, DUMP_FILE))).toBe(await sha256File(join(source, DUMP_FILE)));

    await expect(store.save(source, '2026-11-29T03-17-00Z')).rejects.toThrow(/a backup named 2026-11-29T03-17-00Z already exists/);
    await expect(store.load('2026-01-01T00-00-00Z', join(dir, 'none'))).rejects.toThrow(/there is no backup named 2026-01-01T00-00-00Z in s3:\/\//);
  });

  it('lists finished backups oldest first, past one page, and not one whose manifest never arrived', async () => {
    const store = await freshStore();
    for (const name of ['2026-11-03T03-17-00Z', '2026-11-01T03-17-00Z', '2026-11-02T03-17-00Z']) await store.save(await localBackup(name), name);
    // An interrupted backup: its files went up, its manifest did not.
    await store.client.send(
      new PutObjectCommand({ Bucket: store.settings.bucket, Key: 'zaytoon/nightly/2026-11-04T03-17-00Z/database.dump', Body: 'half' }),
    );
    expect(await store.list()).toEqual(['2026-11-01T03-17-00Z', '2026-11-02T03-17-00Z', '2026-11-03T03-17-00Z']);
  });

  it('keeps the newest N: the others are deleted whole, in pages, with the Content-MD5 S3 asks of DeleteObjects', async () => {
    const store = await freshStore();
    const deleteHeaders: Record<string, string>[] = [];
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'DeleteObjectsCommand') deleteHeaders.push({ ...(args.request as { headers: Record<string, string> }).headers });
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordDeleteObjectsHeaders' },
    );
    for (const name of ['2026-11-01T03-17-00Z', '2026-11-02T03-17-00Z', '2026-11-03T03-17-00Z']) await store.save(await localBackup(name), name);

    expect(await pruneBackups(store, 2)).toEqual(['2026-11-01T03-17-00Z']);
    expect(await store.list()).toEqual(['2026-11-02T03-17-00Z', '2026-11-03T03-17-00Z']);
    expect(await keysOf(store, '2026-11-01T03-17-00Z')).toEqual([]);
    // 3 files left after the manifest, 2 keys a page.
    expect(deleteHeaders).toHaveLength(2);
    for (const headers of deleteHeaders) expect(headers['content-md5']).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await pruneBackups(store, 2)).toEqual([]);
  });

  it('gives back a tampered object as it is, so the restore check refuses it', async () => {
    const store = await freshStore();
    await store.save(await localBackup('b'), 'b');
    await store.client.send(
      new PutObjectCommand({ Bucket: store.settings.bucket, Key: 'zaytoon/nightly/b/uploads/avatars/1-ab-64.webp', Body: 'b smalm' }),
    );
    const loaded = join(dir, 'loaded');
    await store.load('b', loaded);
    const refusal = verifyBackup(loaded, store.describe('b'));
    await expect(refusal).rejects.toBeInstanceOf(DamagedBackupError);
    await expect(refusal).rejects.toThrow(/uploads\/avatars\/1-ab-64\.webp does not match its sha256/);
  });

  it('writes no object outside the folder it loads into', async () => {
    const store = await freshStore();
    await store.save(await localBackup('c'), 'c');
    await store.client.send(new PutObjectCommand({ Bucket: store.settings.bucket, Key: 'zaytoon/nightly/c/../escaped', Body: 'x' }));
    await expect(store.load('c', join(dir, 'loaded'))).rejects.toThrow(
      /holds the object zaytoon\/nightly\/c\/\.\.\/escaped, which is no file of a backup/,
    );
    expect(await filesBelow(dir)).not.toContain('escaped');
  });

  it('names the bucket and the refusal when the bucket is missing', async () => {
    const store = new S3BackupStore(settings('no-such-bucket'));
    await expect(store.list()).rejects.toThrow(/^s3:\/\/no-such-bucket\/zaytoon\/nightly\/ at http:\/\/127\.0\.0\.1:\d+: NoSuchBucket \(HTTP 404\)/);
  });
});

describe('s3SettingsFromEnv', () => {
  it('derives path-style addressing and a region for an S3-compatible endpoint, and neither for AWS', () => {
    expect(s3SettingsFromEnv({ BACKUP_S3_BUCKET: 'b-1', BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: '',
      credentials: undefined,
    });
    expect(s3SettingsFromEnv({ BACKUP_S3_BUCKET: 'b-1', AWS_REGION: 'eu-west-2', BACKUP_S3_FORCE_PATH_STYLE: '' })).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-2',
      forcePathStyle: false,
    });
    expect(
      s3SettingsFromEnv({ BACKUP_S3_BUCKET: 'b-1', BACKUP_S3_ENDPOINT: 'https://r2.example.org', BACKUP_S3_FORCE_PATH_STYLE: 'false' }),
    ).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('reads the credentials from their _FILE, as every other secret', async () => {
    await writeFile(join(dir, 'key-id'), 'AKIAFROMFILE\n');
    await writeFile(join(dir, 'secret'), 'secret-from-file\n');
    const env = {
      BACKUP_S3_BUCKET: 'b-1',
      BACKUP_S3_REGION: 'eu-west-2',
      AWS_ACCESS_KEY_ID_FILE: join(dir, 'key-id'),
      AWS_SECRET_ACCESS_KEY_FILE: join(dir, 'secret'),
    };
    expect(s3SettingsFromEnv(env).credentials).toEqual({ accessKeyId: 'AKIAFROMFILE', secretAccessKey: 'secret-from-file', sessionToken: undefined });
    expect(() => s3SettingsFromEnv({ ...env, AWS_ACCESS_KEY_ID: 'AKIA' })).toThrow(/AWS_ACCESS_KEY_ID and AWS_ACCESS_KEY_ID_FILE are both set/);
  });

  it.each([
    [{ BACKUP_S3_BUCKET: 's3://zaytoon/backups' }, /BACKUP_S3_BUCKET=s3:\/\/zaytoon\/backups must be the bucket's name alone/],
    [{ BACKUP_S3_BUCKET: 'Zaytoon_Backups' }, /BACKUP_S3_BUCKET=Zaytoon_Backups is not a bucket name/],
    [{ BACKUP_S3_BUCKET: 'b-1' }, /BACKUP_S3_REGION is not set/],
    [{ BACKUP_S3_BUCKET: 'b-1', BACKUP_S3_REGION: 'EU West' }, /BACKUP_S3_REGION=EU West is not a region name/],
    [{ BACKUP_S3_BUCKET: 'b-1', BACKUP_S3_ENDPOINT: 'minio:9000' }, /BACKUP_S3_ENDPOINT=minio:9000 must be an http\(s\) address alone/],
    [{ BACKUP_S3_BUCKET: 'b-1', BACKUP_S3_ENDPOINT: 'https://s3.example.org/b-1' }, /the bucket goes in BACKUP_S3_BUCKET/],
    [{ BACKUP_S3_BUCKET: 'b-1', BACKUP_S3_ENDPOINT: 'not a url' }, /BACKUP_S3_ENDPOINT=not a url is not a URL/],
    [{ BACKUP_S3_BUCKET: 'b-1', AWS_REGION: 'eu-west-2', BACKUP_S3_FORCE_PATH_STYLE: 'yes' }, /BACKUP_S3_FORCE_PATH_STYLE=yes must be true or false/],
    [{ BACKUP_S3_BUCKET: 'b-1', AWS_REGION: 'eu-west-2', BACKUP_S3_PREFIX: 'a//b' }, /BACKUP_S3_PREFIX=a\/\/b must be a folder/],
    [{ BACKUP_S3_BUCKET: 'b-1', AWS_REGION: 'eu-west-2', BACKUP_S3_PREFIX: '../b' }, /BACKUP_S3_PREFIX=\.\.\/b must be a folder/],
    [{ BACKUP_S3_BUCKET: 'b-1', AWS_REGION: 'eu-west-2', AWS_ACCESS_KEY_ID: 'AKIA' }, /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY .* go together/],
  ])('refuses %o', (env, message) => {
    expect(() => s3SettingsFromEnv(env)).toThrow(message);
  });
});

describe('the backup and restore commands with a bucket', () => {
  const cwd = fileURLToPath(new URL('../..', import.meta.url));
  const cli = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
    runProcess('npx', ['tsx', `src/cli/${script}`, ...args], { cwd, env: { ...process.env, ...env } }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );

  it('refuse a bad setting, or a bucket that is not there, in one line without a stack', async () => {
    const bad = await cli('backup.cli.ts', [], { DATABASE_URL: 'postgres://unused', BACKUP_S3_BUCKET: 's3://zaytoon' });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^backup failed: BACKUP_S3_BUCKET=s3:\/\/zaytoon must be the bucket's name alone[^\n]*$/);

    const missing = await cli('restore.cli.ts', ['2026-11-29T03-17-00Z'], {
      DATABASE_URL: 'postgres://unused',
      BACKUP_S3_BUCKET: 'no-such-bucket',
      BACKUP_S3_ENDPOINT: server.address,
      AWS_ACCESS_KEY_ID: 'test-key',
      AWS_SECRET_ACCESS_KEY: 'test-secret',
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(
      /^restore failed: s3:\/\/no-such-bucket\/2026-11-29T03-17-00Z\/ at http:\/\/127\.0\.0\.1:\d+: NoSuchBucket[^\n]*$/,
    );
  }, 60_000);
});
