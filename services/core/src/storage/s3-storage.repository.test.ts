// The bucket store against a real S3 API: fauxqs, an S3 emulator this test runs on a loopback port.
import { Readable } from 'node:stream';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { S3StorageRepository, storageFromConfig } from './s3-storage.repository';
import { InvalidStorageKeyError, LocalStorageRepository } from './storage.repository';

let server: FauxqsServer;
let bucketCount = 0;
/** What loadConfig needs besides the storage settings; nothing here connects to them. */
const BASE_ENV = { DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused', REDIS_URL: 'redis://127.0.0.1:1' };

beforeAll(async () => {
  server = await startFauxqs({ host: '127.0.0.1', port: 0, logger: false });
});
afterAll(async () => {
  await server.stop();
});

const bucketEnv = (bucket: string) => ({
  ...BASE_ENV,
  STORAGE_S3_BUCKET: bucket,
  STORAGE_S3_ENDPOINT: server.address,
  STORAGE_S3_PREFIX: 'zaytoon/uploads',
  AWS_ACCESS_KEY_ID: 'test-key',
  AWS_SECRET_ACCESS_KEY: 'test-secret',
});

async function freshStore(): Promise<S3StorageRepository> {
  const store = storageFromConfig(loadConfig(bucketEnv(`zaytoon-uploads-${++bucketCount}`)));
  expect(store).toBeInstanceOf(S3StorageRepository);
  const bucketStore = store as S3StorageRepository;
  await bucketStore.client.send(new CreateBucketCommand({ Bucket: bucketStore.settings.bucket }));
  return bucketStore;
}

async function objectKeys(store: S3StorageRepository): Promise<string[]> {
  const { Contents } = await store.client.send(new ListObjectsV2Command({ Bucket: store.settings.bucket }));
  return (Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('storage settings', () => {
  it('keeps the folder UPLOAD_DIR unless STORAGE_S3_BUCKET names a bucket', () => {
    expect(storageFromConfig(loadConfig({ ...BASE_ENV, UPLOAD_DIR: '/tmp/uploads' }))).toBeInstanceOf(LocalStorageRepository);
  });

  it('stops the boot with the setting named when a bucket setting is wrong', () => {
    expect(() => loadConfig({ ...BASE_ENV, STORAGE_S3_BUCKET: 's3://zaytoon' })).toThrow(/Invalid configuration: STORAGE_S3_BUCKET=s3:\/\/zaytoon/);
    expect(() => loadConfig({ ...BASE_ENV, STORAGE_S3_BUCKET: 'zaytoon', STORAGE_S3_ENDPOINT: 'ftp://x' })).toThrow(/STORAGE_S3_ENDPOINT=ftp:\/\/x/);
  });
});

describe('S3StorageRepository', { timeout: 30_000 }, () => {
  it('puts, reads and replaces objects under the prefix', async () => {
    const store = await freshStore();
    await store.put('photos/7/abc-320.webp', Buffer.from('small'));
    await store.putStream('originals/1234', Readable.from([Buffer.from('an '), 'original']));
    expect(await objectKeys(store)).toEqual(['zaytoon/uploads/originals/1234', 'zaytoon/uploads/photos/7/abc-320.webp']);
    expect((await store.get('photos/7/abc-320.webp'))?.toString()).toBe('small');
    expect((await store.get('originals/1234'))?.toString()).toBe('an original');
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.read('photos/7/abc-320.webp'))!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('small');
    await store.put('photos/7/abc-320.webp', Buffer.from('again'));
    expect((await store.get('photos/7/abc-320.webp'))?.toString()).toBe('again');
    expect(await store.exists('photos/7/abc-320.webp')).toBe(true);
  });

  it('answers null or false for a missing key, and deleting one is no error', async () => {
    const store = await freshStore();
    expect(await store.get('photos/1/none-320.webp')).toBeNull();
    expect(await store.read('photos/1/none-320.webp')).toBeNull();
    expect(await store.exists('photos/1/none-320.webp')).toBe(false);
    await expect(store.delete('photos/1/none-320.webp')).resolves.toBeUndefined();
  });

  it('lists the keys of one folder starting with a name, not those of its sub-folders, then deletes them', async () => {
    const store = await freshStore();
    for (const key of ['photos/7/abc-320.webp', 'photos/7/abc-800.webp', 'photos/7/abd-320.webp', 'photos/70/abc-320.webp']) {
      await store.put(key, Buffer.from(key));
    }
    expect((await store.list('photos/7/abc-')).sort()).toEqual(['photos/7/abc-320.webp', 'photos/7/abc-800.webp']);
    expect((await store.list('photos/7/')).sort()).toEqual(['photos/7/abc-320.webp', 'photos/7/abc-800.webp', 'photos/7/abd-320.webp']);
    for (const key of await store.list('photos/7/')) await store.delete(key);
    expect(await objectKeys(store)).toEqual(['zaytoon/uploads/photos/70/abc-320.webp']);
  });

  it('refuses keys that are not generated names', async () => {
    const store = await freshStore();
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.get('photos/.hidden')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
