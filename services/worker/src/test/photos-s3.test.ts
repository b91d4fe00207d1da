// Photos in an S3-compatible bucket: the worker and the API's side both on fauxqs, an S3 emulator on a loopback port.
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@zaytoon/contract';
import { BusinessesRepository, loadConfig, PhotosService, type S3StorageRepository, storageFromConfig } from '@zaytoon/core';
import { PhotosRepository } from '@zaytoon/core/worker';
import type { RunningWorker } from '../worker';
import { phonePhoto, uploaderAndBusiness, uploadPhoto } from './fixtures';
import { createTestContext, startWorker, waitFor, waitForJob, type TestContext } from './test-context';

const BUCKET = 'zaytoon-photos';
let server: FauxqsServer;
let context: TestContext;
let worker: RunningWorker;
let storage: S3StorageRepository;
let photos: PhotosService;
let bucketEnv: Record<string, string>;

beforeAll(async () => {
  server = await startFauxqs({ host: '127.0.0.1', port: 0, logger: false });
  server.createBucket(BUCKET);
  bucketEnv = {
    STORAGE_S3_BUCKET: BUCKET,
    STORAGE_S3_ENDPOINT: server.address,
    STORAGE_S3_PREFIX: 'uploads',
    AWS_ACCESS_KEY_ID: 'test-key',
    AWS_SECRET_ACCESS_KEY: 'test-secret',
  };
  context = await createTestContext();
  storage = storageFromConfig(loadConfig({ ...process.env, ...context.env, ...bucketEnv })) as S3StorageRepository;
  photos = new PhotosService(context.db, new PhotosRepository(context.db), new BusinessesRepository(context.db), storage, context.producer, {
    perMemberPerBusiness: 5,
  });
  worker = await startWorker(context, bucketEnv);
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
  await server?.stop();
});

async function uploadReady(uploader: User, businessId: number) {
  const original = await phonePhoto(1000, 750);
  const photo = await uploadPhoto(photos, uploader, businessId, original, 'The shop front');
  expect(await storage.list('originals/')).toHaveLength(1);
  expect((await waitForJob(context.queues.images, `photo-${photo.id}`)).state).toBe('completed');
  return photo;
}

describe('photos in a bucket', { timeout: 60_000 }, () => {
  it('the worker writes the WebP sizes to the bucket without metadata, and deletes the original; deleting removes the objects', async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const photo = await uploadReady(uploader, businessId);
    const [listed] = (await photos.list(businessId, {})).body;
    expect(listed.sizes.map(({ width }) => width)).toEqual([320, 800, 1000]);
    for (const size of listed.sizes) {
      const stored = await storage.get(size.url.replace('/api/uploads/', ''));
      const meta = await sharp(stored!).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: size.height });
      expect(meta.exif).toBeUndefined();
    }
    expect(await storage.list(`photos/${uploader.id}/`)).toHaveLength(3);
    expect(await storage.list('originals/')).toEqual([]);

    await photos.delete(photo.id, uploader);
    expect(await storage.list(`photos/${uploader.id}/`)).toEqual([]);
  });

  it("remove-member-photos empties a deleted account's folder in the bucket", async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    await uploadReady(uploader, businessId);
    expect(await storage.list(`photos/${uploader.id}/`)).toHaveLength(3);
    await context.db.query('DELETE FROM users WHERE id = $1', [uploader.id]);
    const jobId = await context.producer.enqueue('removeMemberPhotos', { userId: uploader.id });
    expect((await waitForJob(context.queues.images, jobId!)).state).toBe('completed');
    await waitFor(async () => (await storage.list(`photos/${uploader.id}/`)).length === 0, 5_000, 'the objects gone');
  });
});
