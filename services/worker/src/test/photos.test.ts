import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_RULES } from '@zaytoon/contract';
import { Job } from 'bullmq';
import { BusinessesRepository, LocalStorageRepository, PhotosService } from '@zaytoon/core';
import { ImageRepository, PhotoProcessingService, PhotosRepository } from '@zaytoon/core/worker';
import type { RunningWorker } from '../worker';
import { phonePhoto, uploaderAndBusiness, uploadPhoto } from './fixtures';
import { createTestContext, startWorker, waitFor, waitForJob, type TestContext } from './test-context';

let context: TestContext;
let worker: RunningWorker;
let storage: LocalStorageRepository;
/** The API's side of photos, over this context's database, queues and folder. */
let photos: PhotosService;
/** The worker's, called directly to run a job again. */
let processing: PhotoProcessingService;

beforeAll(async () => {
  context = await createTestContext();
  storage = new LocalStorageRepository(context.uploadDir);
  photos = new PhotosService(context.db, new PhotosRepository(context.db), new BusinessesRepository(context.db), storage, context.producer, {
    perMemberPerBusiness: 5,
  });
  processing = new PhotoProcessingService(new PhotosRepository(context.db), new ImageRepository(), storage);
  worker = await startWorker(context);
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
});

const GPS_IFD_POINTER = 0x8825;

/** Whether EXIF (as sharp's metadata gives it: `Exif\0\0` then TIFF) has a GPS IFD, i.e. the photo says where it was taken. */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd0 = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd0) }, (_, i) => u16(ifd0 + 2 + i * 12)).includes(GPS_IFD_POINTER);
}

const filesOf = async (uploaderId: number) => (await readdir(join(context.uploadDir, 'photos', String(uploaderId))).catch(() => [])).sort();
const photoRow = async (id: number) => (await context.db.query('SELECT state, sizes FROM photos WHERE id = $1', [id])).rows[0];

describe('process-photo', () => {
  it('makes WebP sizes of 320, 800 and 1600 px without any metadata, lists the photo, deletes the original', async () => {
    const original = await phonePhoto();
    expect(hasGps((await sharp(original).metadata()).exif)).toBe(true);
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const photo = await uploadPhoto(photos, uploader, businessId, original, 'The shop front');
    expect(photo).toMatchObject({ state: 'pending', sizes: [], licence: PHOTO_RULES.licence, from_owner: false });
    expect((await photos.list(businessId, {})).body).toEqual([]);
    expect(await storage.list('originals/')).toHaveLength(1);

    const result = await waitForJob(context.queues.images, `photo-${photo.id}`);
    expect(result.state).toBe('completed');
    const [listed] = (await photos.list(businessId, {})).body;
    expect(listed).toMatchObject({ id: photo.id, state: 'ready', alt_text: 'The shop front' });
    expect(listed.sizes.map(({ width, height }) => [width, height])).toEqual([
      [320, 240],
      [800, 600],
      [1600, 1200],
    ]);
    for (const size of listed.sizes) {
      const path = join(context.uploadDir, size.url.replace('/api/uploads/', ''));
      const meta = await sharp(path).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: size.height });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    expect(await filesOf(uploader.id)).toHaveLength(3);
    expect(await storage.list('originals/')).toEqual([]);
  });

  it('never enlarges: a photo narrower than 800 px gets 320 px and its own width', async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const original = await phonePhoto(500, 400);
    const photo = await uploadPhoto(photos, uploader, businessId, original, 'Inside');
    expect((await waitForJob(context.queues.images, `photo-${photo.id}`)).state).toBe('completed');
    expect((await photoRow(photo.id)).sizes).toEqual([
      { width: 320, height: 256 },
      { width: 500, height: 400 },
    ]);
  });

  it('a photo that cannot be decoded fails for good and leaves nothing: no row, no sizes, no original', async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const truncated = (await phonePhoto()).subarray(0, 600);
    const photo = await uploadPhoto(photos, uploader, businessId, truncated, 'Broken');
    const result = await waitForJob(context.queues.images, `photo-${photo.id}`);
    expect(result).toMatchObject({ state: 'failed', attemptsMade: 1 });
    expect(result.failedReason).toMatch(/Image could not be decoded/);
    expect(await photoRow(photo.id)).toBeUndefined();
    expect(await filesOf(uploader.id)).toEqual([]);
    expect(await storage.list('originals/')).toEqual([]);
  });

  it('the same job run again after it succeeded changes nothing', async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const original = await phonePhoto(900, 600);
    const photo = await uploadPhoto(photos, uploader, businessId, original, 'A sign');
    expect((await waitForJob(context.queues.images, `photo-${photo.id}`)).state).toBe('completed');
    const files = await filesOf(uploader.id);
    const { data } = (await Job.fromId(context.queues.images, `photo-${photo.id}`))!;
    expect(await processing.processUpload(data)).toEqual({ status: 'done-before' });
    expect(await filesOf(uploader.id)).toEqual(files);
    expect((await photoRow(photo.id)).state).toBe('ready');
  });

  it('a photo deleted before its job runs leaves no files; deleting a ready photo removes its files at once', async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const original = await phonePhoto(700, 500);
    const first = await uploadPhoto(photos, uploader, businessId, original, 'Products');
    await photos.delete(first.id, uploader);
    await waitForJob(context.queues.images, `photo-${first.id}`);
    const second = await uploadPhoto(photos, uploader, businessId, original, 'Products');
    expect((await waitForJob(context.queues.images, `photo-${second.id}`)).state).toBe('completed');
    expect(await filesOf(uploader.id)).toHaveLength(2);
    await photos.delete(second.id, uploader);
    expect(await filesOf(uploader.id)).toEqual([]);
    expect(await storage.list('originals/')).toEqual([]);
    const audit = await context.db.query("SELECT actor_id, target_id FROM audit_log WHERE action = 'photo-deleted' AND target_id = ANY($1)", [
      [first.id, second.id],
    ]);
    expect(audit.rows).toHaveLength(2);
  });

  it("a business removed by an approved report takes its photos' files with it", async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const original = await phonePhoto(700, 500);
    const photo = await uploadPhoto(photos, uploader, businessId, original, 'Shop front');
    expect((await waitForJob(context.queues.images, `photo-${photo.id}`)).state).toBe('completed');
    expect(await filesOf(uploader.id)).toHaveLength(2);
    const cascade = await context.producer.enqueue('approveReportCascade', { reportId: 1, businessId, adminId: uploader.id });
    expect((await waitForJob(context.queues.moderation, cascade!)).state).toBe('completed');
    expect(await photoRow(photo.id)).toBeUndefined();
    expect((await waitForJob(context.queues.images, `remove-business-photos-${businessId}`)).state).toBe('completed');
    expect(await filesOf(uploader.id)).toEqual([]);
  });

  it('remove-member-photos deletes every photo file of a deleted account', async () => {
    const { uploader, businessId } = await uploaderAndBusiness(context.db);
    const original = await phonePhoto(700, 500);
    const photo = await uploadPhoto(photos, uploader, businessId, original, 'Poster');
    expect((await waitForJob(context.queues.images, `photo-${photo.id}`)).state).toBe('completed');
    await context.db.query('DELETE FROM users WHERE id = $1', [uploader.id]);
    expect(await photoRow(photo.id)).toBeUndefined();
    const jobId = await context.producer.enqueue('removeMemberPhotos', { userId: uploader.id });
    expect((await waitForJob(context.queues.images, jobId!)).state).toBe('completed');
    await waitFor(async () => (await filesOf(uploader.id)).length === 0, 5_000, 'the files gone');
  });
});
