import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { IMAGES, imageForm } from '../test/images';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

const upload = (client: ApiTestClient, data: Buffer) => client.post('/api/auth/upload-profile-picture', imageForm(data));

async function resizeJobsOf(userId: number): Promise<number> {
  const jobs = await api.core.jobs.queues.images.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.filter((job) => job.data.userId === userId).length;
}

describe('profile pictures are known by their first bytes (CONTRACT.md)', () => {
  it('accepts GIF87a, GIF89a and WebP whatever their name and type say, and enqueues each resize', async () => {
    const client = api.client();
    const user = await client.signup();
    for (const data of [IMAGES.gif87a, IMAGES.gif89a, IMAGES.webp]) {
      expect(await upload(client, data)).toMatchObject({ status: 200, body: { message: MESSAGES.pictureUpdated } });
    }
    expect(await resizeJobsOf(user.id)).toBe(3);
  });

  it('refuses look-alikes with 415 and enqueues nothing', async () => {
    const client = api.client();
    const user = await client.signup();
    const lookAlikes = [
      Buffer.concat([Buffer.from('GIF88a', 'latin1'), IMAGES.gif89a.subarray(6)]),
      Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WAVE', 'latin1'), IMAGES.webp.subarray(12)]),
      IMAGES.webp.subarray(8),
    ];
    for (const data of lookAlikes) {
      expect(await upload(client, data)).toMatchObject({ status: 415, body: { detail: MESSAGES.pictureWrongType } });
    }
    expect(await resizeJobsOf(user.id)).toBe(0);
  });
});

describe('cross-origin multipart uploads (CONTRACT.md: refused with 403)', () => {
  it('are refused for a logged-in member even with the XSRF token echoed, and no resize is enqueued', async () => {
    const client = api.client();
    const user = await client.signup();
    const shellOrigin = client.origin;
    client.origin = 'https://evil.example';
    expect(await upload(client, IMAGES.png)).toMatchObject({ status: 403, body: { detail: MESSAGES.crossSiteRefused } });
    client.origin = null;
    const fetchSiteCrossSite = await client.request('POST', '/api/auth/upload-profile-picture', imageForm(IMAGES.png), {
      'sec-fetch-site': 'cross-site',
    });
    expect(fetchSiteCrossSite).toMatchObject({ status: 403, body: { detail: MESSAGES.crossSiteRefused } });
    expect(await resizeJobsOf(user.id)).toBe(0);
    // The same member and upload from the shell's origin go through.
    client.origin = shellOrigin;
    expect((await upload(client, IMAGES.png)).status).toBe(200);
    expect(await resizeJobsOf(user.id)).toBe(1);
  });
});
