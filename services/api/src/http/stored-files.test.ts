// Uploads in an S3-compatible bucket (fauxqs, an S3 emulator on a loopback port) are served by the API as from disk.
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3StorageRepository } from '@zaytoon/core';
import { startTestApi, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

const BUCKET = 'zaytoon-uploads';
let server: FauxqsServer;
let api: TestApi;

beforeAll(async () => {
  server = await startFauxqs({ host: '127.0.0.1', port: 0, logger: false });
  server.createBucket(BUCKET);
  api = await startTestApi({
    STORAGE_S3_BUCKET: BUCKET,
    STORAGE_S3_ENDPOINT: server.address,
    AWS_ACCESS_KEY_ID: 'test-key',
    AWS_SECRET_ACCESS_KEY: 'test-secret',
  });
});
afterAll(async () => {
  await api?.stop();
  await server?.stop();
});

describe('uploads in a bucket', () => {
  it("serves a listed photo's object with its type and immutable caching, and an avatar's for a day", async () => {
    const storage = api.core.repositories.storage;
    expect(storage).toBeInstanceOf(S3StorageRepository);
    const member = api.client();
    const user = await member.signup();
    const business = await createBusiness(member);
    const stem = `photos/${user.id}/0123456789abcdef0123`;
    await api.core.db.query(
      `INSERT INTO photos (business_id, uploader_id, alt_text, licence, storage_stem, state, sizes)
       VALUES ($1, $2, 'The shop front', 'CC BY-SA 4.0', $3, 'ready', '[{"width": 320, "height": 240}]')`,
      [business.id, user.id, stem],
    );
    const bytes = Buffer.from('RIFF a webp');
    await storage.put(`${stem}-320.webp`, bytes);
    await storage.put('avatars/7-token-256.webp', bytes);

    const photo = await fetch(`${api.baseUrl}/api/uploads/${stem}-320.webp`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(bytes);

    const avatar = await fetch(`${api.baseUrl}/api/uploads/avatars/7-token-256.webp`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await avatar.arrayBuffer())).toEqual(bytes);

    await api.core.db.query("UPDATE photos SET state = 'hidden' WHERE storage_stem = $1", [stem]);
    expect((await fetch(`${api.baseUrl}/api/uploads/${stem}-320.webp`)).status).toBe(404);
  });

  it('answers 404 for a missing object, a key outside the folder or a name no upload has', async () => {
    for (const path of ['photos/7/missing-320.webp', 'photos/..%2F..%2Fsecret', 'photos/7/.hidden', 'avatars/']) {
      const answer = await fetch(`${api.baseUrl}/api/uploads/${path}`);
      expect(answer.status, path).toBe(404);
    }
  });
});
