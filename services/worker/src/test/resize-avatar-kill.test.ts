import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job } from 'bullmq';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@zaytoon/contract';
import { avatarKeys, LocalStorageRepository, ProfilePictureService } from '@zaytoon/core';
import { insertUser } from './fixtures';
import { createTestContext, killWorkers, spawnWorker, waitFor, waitForJob, type TestContext, type WorkerChild } from './test-context';

// A worker SIGKILLed mid-resize. Every worker here runs with the production lock settings
// (no WORKER_LOCK_DURATION_MS / WORKER_STALLED_INTERVAL_MS), since how soon the job runs again is the point.

let context: TestContext;
let storage: LocalStorageRepository;
let pictures: ProfilePictureService;
/** The workers' os.tmpdir(), so anything sharp or libvips leave there is seen. */
let workerTmpDir: string;
const children: WorkerChild[] = [];

beforeAll(async () => {
  context = await createTestContext();
  storage = new LocalStorageRepository(context.uploadDir);
  pictures = new ProfilePictureService(storage, context.producer);
  workerTmpDir = await mkdtemp(join(tmpdir(), 'zaytoon-worker-tmpdir-'));
});

afterEach(() => killWorkers(children));

afterAll(async () => {
  await context?.close();
  if (workerTmpDir) await rm(workerTmpDir, { recursive: true, force: true });
});

function worker(): WorkerChild {
  const child = spawnWorker(context, { TMPDIR: workerTmpDir, LOG_FORMAT: 'json' });
  children.push(child);
  return child;
}

/** The worker's log lines about one job, e.g. `job started`. */
function jobLines(child: WorkerChild, jobId: string): string[] {
  return child
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; jobId?: string })
    .filter((line) => line.jobId === jobId)
    .map((line) => line.msg);
}

/**
 * Slow to resize yet an ordinary upload: 25 megapixels (the decoder's limit), interlaced so libvips must
 * decode all of it at full size for each avatar, and flat, so the file is far below the upload limit.
 */
function largePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 5000, height: 5000, channels: 3, background: { r: 30, g: 110, b: 70 } } })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

function smallPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** Uploads as the API's POST /api/account/picture does; answers the picture URL the API answers and the job's id. */
async function uploadPicture(user: { id: number }, data: Buffer): Promise<{ picture: string; jobId: string }> {
  const { picture } = await pictures.upload({ buffer: data, size: data.length }, user as User);
  const jobs = await context.queues.images.getJobs(['waiting', 'prioritized', 'delayed', 'active']);
  const job = jobs.find((candidate) => candidate.data.userId === user.id && avatarKeys(user.id, candidate.data.originalKey).url === picture);
  if (!job?.id) throw new Error(`no resize-avatar job for ${picture}`);
  return { picture, jobId: job.id };
}

const pictureOf = async (userId: number) =>
  (await context.db.query<{ picture: string | null }>('SELECT picture FROM users WHERE id = $1', [userId])).rows[0]?.picture;

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe('a worker SIGKILLed mid-resize', () => {
  it('the job runs again once within 60 s and leaves one avatar, no original and no temporary files', { timeout: 120_000 }, async () => {
    const user = await insertUser(context.db);
    const doomed = worker();
    await doomed.ready;

    // An avatar to replace, so the rerun also has the previous one to remove.
    const first = await uploadPicture(user, await smallPhoto());
    expect((await waitForJob(context.queues.images, first.jobId)).state).toBe('completed');
    expect(await pictureOf(user.id)).toBe(first.picture);

    const large = await largePhoto();
    const second = await uploadPicture(user, large);
    const originalKey = (await Job.fromId(context.queues.images, second.jobId))!.data.originalKey as string;
    const keys = avatarKeys(user.id, originalKey);
    await waitFor(async () => jobLines(doomed, second.jobId).includes('job started'), 20_000, 'the resize to start');
    doomed.process.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // Killed in the middle: the job still holds its (now orphaned) lock and nothing of the new avatar exists.
    expect(await context.queues.images.getJobState(second.jobId)).toBe('active');
    expect(await pictureOf(user.id), 'the resize finished before the kill: use a slower image').toBe(first.picture);
    expect(await storage.exists(keys.large)).toBe(false);
    expect(await storage.exists(originalKey)).toBe(true);

    const rescuer = worker();
    await rescuer.ready;
    const result = await waitForJob(context.queues.images, second.jobId, 60_000 - (Date.now() - killedAt));
    const rerunAfterMs = Date.now() - killedAt;
    console.info(`F4: the killed resize completed ${rerunAfterMs} ms after the kill`);
    expect(result.state, rescuer.output()).toBe('completed');
    expect(rerunAfterMs).toBeLessThan(60_000);
    expect(result.returnvalue).toEqual({ status: 'updated', picture: second.picture });

    // Exactly once more: started twice in all, stalled once, and the rescuer started it once.
    const job = (await Job.fromId(context.queues.images, second.jobId))!;
    expect({ started: job.attemptsStarted, stalled: job.stalledCounter, attemptsMade: job.attemptsMade }).toEqual({
      started: 2,
      stalled: 1,
      attemptsMade: 1,
    });
    expect(jobLines(rescuer, second.jobId)).toEqual(['job started', 'job completed']);

    // One avatar: users.picture names the URL the upload answered, and its two files are the user's only ones.
    expect(await pictureOf(user.id)).toBe(second.picture);
    const avatarFiles = (await filesUnder(context.uploadDir)).filter((file) => file.startsWith(`avatars/${user.id}-`));
    expect(avatarFiles.sort()).toEqual([keys.large, keys.small].sort());
    for (const [key, size] of [
      [keys.large, 256],
      [keys.small, 64],
    ] as const) {
      expect(await sharp(join(context.uploadDir, key)).metadata()).toMatchObject({ format: 'webp', width: size, height: size });
    }
    // The originals are consumed, as on the normal path, and no temporary file is left anywhere.
    expect((await filesUnder(context.uploadDir)).filter((file) => file.startsWith('originals/') || file.endsWith('.tmp'))).toEqual([]);
    // tsx keeps its compile cache there (tsx-<uid>); production runs plain node.
    expect((await readdir(workerTmpDir)).filter((name) => !name.startsWith('tsx-'))).toEqual([]);
  });
});
