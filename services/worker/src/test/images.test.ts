import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarKeys, type AvatarKeys, LocalStorageRepository, generateStorageKey } from '@zaytoon/core';
import { AvatarRepository, AvatarService, ImageRepository } from '@zaytoon/core/worker';
import type { RunningWorker } from '../worker';
import { insertUser } from './fixtures';
import { createTestContext, startWorker, waitForJob, type TestContext } from './test-context';

let context: TestContext;
let worker: RunningWorker;
let storage: LocalStorageRepository;
/** The worker's service, called directly where a test sets up what a killed run left. */
let avatars: AvatarService;

beforeAll(async () => {
  context = await createTestContext();
  storage = new LocalStorageRepository(context.uploadDir);
  avatars = new AvatarService(new AvatarRepository(context.db), new ImageRepository(), storage);
  worker = await startWorker(context);
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
});

/** A 900×600 JPEG carrying EXIF (camera and GPS-ish fields) that must not survive. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Secret Model', Copyright: 'someone' } })
    .toBuffer();
}

async function upload(data: Buffer): Promise<string> {
  const key = generateStorageKey('originals');
  await storage.put(key, data);
  return key;
}

/** The user's files in avatars/, whatever their state, sorted. */
const avatarFilesOf = async (userId: number) =>
  (await readdir(join(context.uploadDir, 'avatars'))).filter((name) => name.startsWith(`${userId}-`)).sort();

const fileNames = (keys: AvatarKeys) => [keys.large, keys.small].map((key) => key.slice('avatars/'.length)).sort();

const pictureOf = async (userId: number) =>
  (await context.db.query<{ picture: string | null }>('SELECT picture FROM users WHERE id = $1', [userId])).rows[0]?.picture;

describe('resize-avatar', () => {
  it('writes 256 px and 64 px square WebP avatars without metadata, points users.picture at them, removes the original', async () => {
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const user = await insertUser(context.db);
    const originalKey = await upload(original);

    const jobId = await context.producer.enqueue('resizeAvatar', { userId: user.id, originalKey });
    const result = await waitForJob(context.queues.images, jobId!);
    expect(result.state).toBe('completed');

    const keys = avatarKeys(user.id, originalKey);
    expect(keys.large).toMatch(new RegExp(`^avatars/${user.id}-[0-9a-f]{16}-256\\.webp$`));
    expect(await pictureOf(user.id)).toBe(`/api/uploads/${keys.large}`);
    expect(result.returnvalue).toEqual({ status: 'updated', picture: `/api/uploads/${keys.large}` });
    for (const [key, size] of [
      [keys.large, 256],
      [keys.small, 64],
    ] as const) {
      const meta = await sharp(join(context.uploadDir, key)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    expect(await storage.exists(originalKey)).toBe(false);
  });

  it('a second upload replaces the first and deletes the old avatar files; rerunning a job changes nothing', async () => {
    const user = await insertUser(context.db);
    const firstKey = await upload(await photo());
    const first = await context.producer.enqueue('resizeAvatar', { userId: user.id, originalKey: firstKey });
    expect((await waitForJob(context.queues.images, first!)).state).toBe('completed');
    const secondKey = await upload(await photo());
    const second = await context.producer.enqueue('resizeAvatar', { userId: user.id, originalKey: secondKey });
    expect((await waitForJob(context.queues.images, second!)).state).toBe('completed');

    const old = avatarKeys(user.id, firstKey);
    const current = avatarKeys(user.id, secondKey);
    expect(await pictureOf(user.id)).toBe(current.url);
    expect(await storage.exists(old.large)).toBe(false);
    expect(await storage.exists(old.small)).toBe(false);
    expect(await avatarFilesOf(user.id)).toEqual(fileNames(current));

    // The same job again (a retry after the original was consumed): same outcome, nothing lost.
    expect(await avatars.processUpload({ userId: user.id, originalKey: secondKey })).toEqual({ status: 'updated', picture: current.url });
    expect(await storage.exists(current.large)).toBe(true);
    expect(await storage.exists(current.small)).toBe(true);
    expect(await pictureOf(user.id)).toBe(current.url);
  });

  // What a resize killed part-way leaves, built by hand: the process test kills a real worker.
  it('a rerun after a run killed while writing leaves one avatar and no half-written file', async () => {
    const user = await insertUser(context.db);
    const originalKey = await upload(await photo());
    const keys = avatarKeys(user.id, originalKey);
    await writeFile(join(context.uploadDir, `${keys.large}.tmp`), Buffer.from('RIFF half a webp'));

    expect(await avatars.processUpload({ userId: user.id, originalKey })).toEqual({ status: 'updated', picture: keys.url });
    expect(await avatarFilesOf(user.id)).toEqual(fileNames(keys));
  });

  it('a rerun after a run killed between setting users.picture and removing the previous avatar removes it', async () => {
    const user = await insertUser(context.db);
    const firstKey = await upload(await photo());
    await avatars.processUpload({ userId: user.id, originalKey: firstKey });
    const secondKey = await upload(await photo());
    const second = avatarKeys(user.id, secondKey);
    await storage.put(second.large, Buffer.from('written by the killed run'));
    await storage.put(second.small, Buffer.from('written by the killed run'));
    await context.db.query('UPDATE users SET picture = $2 WHERE id = $1', [user.id, second.url]);

    expect(await avatars.processUpload({ userId: user.id, originalKey: secondKey })).toEqual({ status: 'updated', picture: second.url });
    expect(await avatarFilesOf(user.id)).toEqual(fileNames(second));
    expect((await sharp(join(context.uploadDir, second.large)).metadata()).width).toBe(256);
    expect(await storage.exists(secondKey)).toBe(false);
  });

  it('uploads of one user resized at the same time leave one avatar, the one users.picture names', async () => {
    const user = await insertUser(context.db);
    const originalKeys = await Promise.all([1, 2, 3].map(async () => upload(await photo())));
    await Promise.all(originalKeys.map((originalKey) => avatars.processUpload({ userId: user.id, originalKey })));

    const picture = await pictureOf(user.id);
    const current = avatarKeys(
      user.id,
      originalKeys.find((key) => avatarKeys(user.id, key).url === picture)!,
    );
    expect(await avatarFilesOf(user.id)).toEqual(fileNames(current));
    expect(await storage.list('originals/')).toEqual([]);
  });

  it('a file that is not an image fails unrecoverably and its upload is removed', async () => {
    const user = await insertUser(context.db);
    const originalKey = await upload(Buffer.from('%PDF-1.7\nthis is not an image at all\n'));
    const jobId = await context.producer.enqueue('resizeAvatar', { userId: user.id, originalKey });
    const result = await waitForJob(context.queues.images, jobId!);
    expect(result.state).toBe('failed');
    expect(result.attemptsMade).toBe(1);
    expect(result.failedReason).toMatch(/Not a JPEG, PNG, GIF or WebP image/);
    expect(await storage.exists(originalKey)).toBe(false);
    expect(await pictureOf(user.id)).toBeNull();
  });

  it('a truncated image with valid magic bytes fails unrecoverably too', async () => {
    const user = await insertUser(context.db);
    const originalKey = await upload((await photo()).subarray(0, 400));
    const jobId = await context.producer.enqueue('resizeAvatar', { userId: user.id, originalKey });
    const result = await waitForJob(context.queues.images, jobId!);
    expect(result.state).toBe('failed');
    expect(result.attemptsMade).toBe(1);
    expect(result.failedReason).toMatch(/Image could not be decoded/);
  });

  it('when the user is gone, only the original is deleted', async () => {
    const user = await insertUser(context.db);
    const originalKey = await upload(await photo());
    await context.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    const jobId = await context.producer.enqueue('resizeAvatar', { userId: user.id, originalKey });
    const result = await waitForJob(context.queues.images, jobId!);
    expect(result).toMatchObject({ state: 'completed', returnvalue: { status: 'user-gone' } });
    expect(await storage.exists(originalKey)).toBe(false);
    expect(existsSync(join(context.uploadDir, avatarKeys(user.id, originalKey).large))).toBe(false);
  });
});

describe('local storage', () => {
  it('refuses keys that could leave the upload folder', async () => {
    for (const key of ['../etc/passwd', 'avatars/../../x', '/etc/passwd', 'a/./b', '.hidden', 'a\\b', '', 'a//b', 'avatars/x.webp.tmp']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('put/get/exists/delete round trip; deleting a missing key is fine', async () => {
    const key = generateStorageKey('misc', '.bin');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('hello'));
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))!.toString()).toBe('hello');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('a put leaves no temporary file; the trace of one cut short is listed, replaced by the next put and removed by delete', async () => {
    const folder = `misc-${Date.now()}`;
    await storage.put(`${folder}/kept`, Buffer.from('whole'));
    expect(await readdir(join(context.uploadDir, folder))).toEqual(['kept']);

    await writeFile(join(context.uploadDir, folder, 'kept.tmp'), Buffer.from('half'));
    await writeFile(join(context.uploadDir, folder, 'never-finished.tmp'), Buffer.from('half'));
    expect((await storage.list(`${folder}/`)).sort()).toEqual([`${folder}/kept`, `${folder}/never-finished`]);
    expect(await storage.exists(`${folder}/never-finished`)).toBe(false);

    await storage.put(`${folder}/kept`, Buffer.from('again'));
    await storage.delete(`${folder}/never-finished`);
    expect(await readdir(join(context.uploadDir, folder))).toEqual(['kept']);
    expect((await storage.get(`${folder}/kept`))!.toString()).toBe('again');
  });
});

describe('account deletion', () => {
  it("deleting an account removes its avatar files (the API's static route then answers 404)", async () => {
    const { AccountService } = await import('@zaytoon/core');
    const { UsersRepository } = await import('@zaytoon/core');
    const user = await insertUser(context.db);
    const originalKey = await upload(await photo());
    const resized = await context.producer.enqueue('resizeAvatar', { userId: user.id, originalKey });
    expect((await waitForJob(context.queues.images, resized!)).state).toBe('completed');
    const keys = avatarKeys(user.id, originalKey);
    expect(await storage.exists(keys.large)).toBe(true);

    // The API's deletion, with this context's database and queues (sessions are not the point here).
    const sessions = { endAll: async () => {} } as never;
    const account = new AccountService(context.db, new UsersRepository(context.db), sessions, context.producer, 'code-secret-for-tests');
    const actor = (await new UsersRepository(context.db).findById(user.id))!;
    await account.deleteAccount(actor as never);

    const removed = await waitForJob(context.queues.images, `remove-avatar-files-${user.id}`);
    expect(removed.state).toBe('completed');
    expect(removed.returnvalue).toEqual({ removed: [keys.large, keys.small].sort() });
    expect(await storage.exists(keys.large)).toBe(false);
    expect(await storage.exists(keys.small)).toBe(false);
    expect((await readdir(join(context.uploadDir, 'avatars'))).filter((name) => name.startsWith(`${user.id}-`))).toEqual([]);
  });
});
