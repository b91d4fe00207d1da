// images queue, end to end: multipart upload → original stored → resize-avatar job in the
// worker process → 256/64 px WebP served by the API → users.picture → original deleted.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '../support/test';
import { e2e } from '../support/env';
import { ApiClient, eventually, filesIn, signUp, uploadDir, type Member } from './api-client';

let member: Member;

test.beforeAll(async () => {
  member = await signUp('img');
});

async function upload(client: ApiClient, bytes: Buffer, type: string, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return client.post('/api/auth/upload-profile-picture', form);
}

/** The picture URL's token is derived from the original's storage key (core/images/avatar-keys.ts). */
function originalsBehind(picture: string): string[] {
  const token = /\/avatars\/\d+-([0-9a-f]+)-256\.webp$/.exec(picture)?.[1];
  expect(token, picture).toBeTruthy();
  return filesIn(join(uploadDir, 'originals')).filter(
    (name) => createHash('sha256').update(`originals/${name}`).digest('hex').slice(0, 16) === token,
  );
}

/** Polls the picture URL until the worker has written it, then checks it is a 256×256 WebP. */
async function expectServedAvatar(picture: string, base = e2e.apiUrl) {
  const client = new ApiClient(base);
  const answer = await eventually(
    async () => {
      const got = await client.get(picture);
      return got.status === 200 ? got : null;
    },
    30_000,
    `GET ${picture} to answer 200`,
  );
  expect(answer.headers.get('content-type')).toBe('image/webp');
  expect(answer.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(answer.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const meta = await sharp(answer.bytes).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  // Re-encoded: no EXIF (and so no GPS) survives.
  expect(meta.exif).toBeUndefined();
  return answer;
}

test.describe('images queue (profile picture)', () => {
  test('turns an uploaded JPEG into a 256×256 WebP, sets the picture and deletes the original', async () => {
    // A real camera-like JPEG: not square, with EXIF including a GPS position.
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 40, b: 60 } } })
      .withExif({ IFD0: { Copyright: 'e2e', Make: 'Zaytoon Cam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const answer = await upload(member.client, jpeg, 'image/jpeg', 'holiday.jpg');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Profile picture updated!');
    const picture: string = answer.body.picture;
    expect(picture).toMatch(new RegExp(`^/api/uploads/avatars/${member.id}-[0-9a-f]{16}-256\\.webp$`));

    await expectServedAvatar(picture);
    // The shell proxies /api, so the browser's <img src> works on the app's origin too.
    await expectServedAvatar(picture, e2e.baseUrl);

    const me = await eventually(
      async () => {
        const got = await member.client.get('/api/auth/me');
        return got.body?.picture === picture ? got : null;
      },
      5_000,
      '/api/auth/me to show the new picture',
    );
    expect(me.body.picture).toBe(picture);

    const small = picture.replace(/-256\.webp$/, '-64.webp');
    const smallAnswer = await new ApiClient().get(small);
    expect(smallAnswer.status).toBe(200);
    expect(await sharp(smallAnswer.bytes).metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 });

    // The original was stored before the API answered; the job deletes it once the avatar is in place.
    // (Seeing the avatars in UPLOAD_DIR shows this looks in the stack's real upload folder.)
    expect(filesIn(join(uploadDir, 'avatars'))).toContain(picture.split('/').pop());
    await eventually(async () => originalsBehind(picture).length === 0, 5_000, 'the original upload to be deleted');
  });

  test('a second upload (PNG) replaces the avatar and deletes the previous one', async () => {
    const first = (await member.client.get('/api/auth/me')).body.picture as string | null;
    expect(first, 'the previous test set a picture').toBeTruthy();

    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: { r: 20, g: 120, b: 60, alpha: 1 } } })
      .png()
      .toBuffer();
    const answer = await upload(member.client, png, 'image/png', 'portrait.png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const picture: string = answer.body.picture;
    expect(picture).not.toBe(first);

    await expectServedAvatar(picture);
    await eventually(async () => (await member.client.get('/api/auth/me')).body?.picture === picture, 5_000, 'the new picture on /api/auth/me');
    await eventually(async () => (await new ApiClient().get(first!)).status === 404, 5_000, 'the previous avatar to be deleted');
    expect((await new ApiClient().get(first!.replace(/-256\.webp$/, '-64.webp'))).status).toBe(404);
    await eventually(async () => originalsBehind(picture).length === 0, 5_000, 'the original upload to be deleted');
  });

  test('refuses a file that is not an image by its bytes, whatever its name', async () => {
    const before = filesIn(join(uploadDir, 'originals')).length;
    const answer = await upload(member.client, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png', 'sneaky.png');
    expect(answer.status).toBe(415);
    expect(answer.body.detail).toBe('Only JPEG, PNG, GIF, and WebP images are allowed');
    expect(filesIn(join(uploadDir, 'originals')).length).toBeLessThanOrEqual(before);
  });
});
