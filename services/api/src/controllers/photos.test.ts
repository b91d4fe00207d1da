import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PARAMETERISED_MESSAGES, PHOTO_RULES, textTooLongMessage } from '@zaytoon/contract';
import { loadConfig } from '@zaytoon/core';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';
import { IMAGES, imageForm } from '../test/images';

let api: TestApi;
let uploadDir: string;
const PER_BUSINESS = 3;
const PER_DAY = 8;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'zaytoon-api-photos-'));
  api = await startTestApi({
    UPLOAD_DIR: uploadDir,
    PHOTOS_PER_MEMBER_PER_BUSINESS: String(PER_BUSINESS),
    RATE_LIMIT_PHOTOS_PER_USER_PER_DAY: String(PER_DAY),
  });
});
afterAll(async () => {
  await api?.stop();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

function photoForm(data: Buffer, fields: Record<string, string> = { alt_text: 'The shop front', licence: PHOTO_RULES.licence }) {
  const form = imageForm(data, 'photo.bin', 'application/octet-stream');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const upload = (client: ApiTestClient, businessId: number, form = photoForm(IMAGES.jpeg)) =>
  client.post(`/api/businesses/${businessId}/photos`, form);

async function memberWithBusiness() {
  const member = api.client();
  const user = await member.signup();
  const business = await createBusiness(member);
  return { member, user, business };
}

/** What the worker does once it has stored the sizes (its own suite runs it): the photo is listed. */
const markReady = (photoId: number) =>
  api.core.db.query(`UPDATE photos SET state = 'ready', sizes = '[{"width": 320, "height": 240}]' WHERE id = $1`, [photoId]);

const processJobs = async (photoId: number) =>
  (await api.core.jobs.queues.images.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter(
    (job) => job.name === 'process-photo' && job.data.photoId === photoId,
  );

describe('photo upload', () => {
  it('takes JPEG, PNG and WebP by content, records the licence, queues the sizes and lists nothing until they exist', async () => {
    const { member, user, business } = await memberWithBusiness();
    const answer = await upload(member, business.id);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      business_id: business.id,
      uploader_id: user.id,
      username: user.username,
      alt_text: 'The shop front',
      licence: 'CC BY-SA 4.0',
      state: 'pending',
      sizes: [],
    });
    const { rows } = await api.core.db.query('SELECT licence, alt_text FROM photos WHERE id = $1', [answer.body.id]);
    expect(rows[0]).toEqual({ licence: 'CC BY-SA 4.0', alt_text: 'The shop front' });
    expect(await processJobs(answer.body.id)).toHaveLength(1);
    expect((await api.client().get(`/api/businesses/${business.id}/photos`)).body).toEqual([]);

    for (const image of [IMAGES.png, IMAGES.webp]) {
      expect((await upload(member, business.id, photoForm(image))).status).toBe(201);
    }
  });

  it('refuses other content with 415, more than 10 MB with 413, and a missing file with 400', async () => {
    const { member, business } = await memberWithBusiness();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    for (const refused of [IMAGES.gif89a, svg, Buffer.from('%PDF-1.7')]) {
      expect(await upload(member, business.id, photoForm(refused))).toMatchObject({ status: 415, body: { detail: MESSAGES.photoWrongType } });
    }
    const big = Buffer.concat([IMAGES.jpeg, Buffer.alloc(PHOTO_RULES.maxBytes)]);
    expect(await upload(member, business.id, photoForm(big))).toMatchObject({ status: 413, body: { detail: MESSAGES.photoTooLarge } });
    const noFile = new FormData();
    noFile.append('alt_text', 'Inside');
    noFile.append('licence', PHOTO_RULES.licence);
    expect(await upload(member, business.id, noFile)).toMatchObject({ status: 400, body: { detail: MESSAGES.fileRequired } });
    const { rows } = await api.core.db.query('SELECT count(*)::int AS count FROM photos WHERE business_id = $1', [business.id]);
    expect(rows[0].count).toBe(0);
  });

  it('requires alt text and the licence the dialog shows', async () => {
    const { member, business } = await memberWithBusiness();
    const withoutAlt = await upload(member, business.id, photoForm(IMAGES.jpeg, { alt_text: '   ', licence: PHOTO_RULES.licence }));
    expect(withoutAlt).toMatchObject({ status: 400, body: { errors: { alt_text: MESSAGES.photoAltTextRequired } } });
    const tooLong = await upload(member, business.id, photoForm(IMAGES.jpeg, { alt_text: 'x'.repeat(301), licence: PHOTO_RULES.licence }));
    expect(tooLong.status).toBe(400);
    for (const fields of [
      { alt_text: 'Inside' } as Record<string, string>,
      { alt_text: 'Inside', licence: 'CC0' },
      { alt_text: 'Inside', licence: 'All rights reserved' },
    ]) {
      expect(await upload(member, business.id, photoForm(IMAGES.jpeg, fields))).toMatchObject({
        status: 400,
        body: { errors: { licence: MESSAGES.photoLicenceRequired } },
      });
    }
    expect(await upload(member, 2_000_000_000)).toMatchObject({ status: 404, body: { detail: MESSAGES.businessNotFound } });
    expect((await upload(api.client(), business.id)).status).toBe(401);
  });

  it(`limits a member to ${PER_BUSINESS} photos per business (409) and ${PER_DAY} uploads a day (429), both settings`, async () => {
    const { member, business } = await memberWithBusiness();
    const [second, third] = [await createBusiness(member), await createBusiness(member)];
    for (let i = 0; i < PER_BUSINESS; i++) expect((await upload(member, business.id)).status).toBe(201);
    expect(await upload(member, business.id)).toMatchObject({
      status: 409,
      body: { detail: PARAMETERISED_MESSAGES.tooManyPhotos({ max: PER_BUSINESS }) },
    });
    // Another member is counted on their own.
    const other = api.client();
    await other.signup();
    expect((await upload(other, business.id)).status).toBe(201);

    for (let i = 0; i < PER_BUSINESS; i++) expect((await upload(member, second.id)).status).toBe(201);
    expect((await upload(member, third.id)).status).toBe(201);
    const refused = await upload(member, third.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    const { rows } = await api.core.db.query('SELECT count(*)::int AS count FROM photos WHERE business_id = $1', [third.id]);
    expect(rows[0].count).toBe(1);
  });

  it('the limits default to 5 per business and 20 a day', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x' });
    expect(config.PHOTOS_PER_MEMBER_PER_BUSINESS).toBe(5);
    expect(config.RATE_LIMIT_PHOTOS_PER_USER_PER_DAY).toBe(20);
  });
});

describe('the gallery list', () => {
  it("lists ready photos newest first, paged, each labelled by its source and credited to the uploader's username", async () => {
    const { member: owner, user: ownerUser, business } = await memberWithBusiness();
    const visitor = api.client();
    const visitorUser = await visitor.signup();
    const fromOwner = (await upload(owner, business.id)).body;
    const fromVisitor = (
      await upload(visitor, business.id, photoForm(IMAGES.png, { alt_text: 'A poster in the window', licence: PHOTO_RULES.licence }))
    ).body;
    // Still pending: not listed, not counted.
    await upload(visitor, business.id);
    await markReady(fromOwner.id);
    await markReady(fromVisitor.id);

    const first = await api.client().get(`/api/businesses/${business.id}/photos?limit=1`);
    expect(first.headers.get('x-total-count')).toBe('2');
    expect(first.body).toEqual([
      expect.objectContaining({
        id: fromVisitor.id,
        username: visitorUser.username,
        from_owner: false,
        alt_text: 'A poster in the window',
        sizes: [
          { width: 320, height: 240, url: expect.stringMatching(new RegExp(`^/api/uploads/photos/${visitorUser.id}/[0-9a-f]{20}-320\\.webp$`)) },
        ],
      }),
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1];
    expect((await api.client().get(next)).body).toEqual([
      expect.objectContaining({ id: fromOwner.id, username: ownerUser.username, from_owner: true }),
    ]);
  });

  it('serves the stored files as WebP with long-lived immutable caching', async () => {
    const { member, business } = await memberWithBusiness();
    const photo = (await upload(member, business.id)).body;
    await markReady(photo.id);
    const [listed] = (await api.client().get(`/api/businesses/${business.id}/photos`)).body;
    const key = listed.sizes[0].url.replace('/api/uploads/', '');
    await mkdir(join(uploadDir, key, '..'), { recursive: true });
    await writeFile(join(uploadDir, key), IMAGES.webp);
    const served = await api.client().get(listed.sizes[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('the cover photo', () => {
  it("the business's owner or an admin picks one listed photo as the cover, which the business's answers carry at its smallest size", async () => {
    const { member: owner, business } = await memberWithBusiness();
    const visitor = api.client();
    const visitorUser = await visitor.signup();
    const first = (await upload(visitor, business.id, photoForm(IMAGES.jpeg, { alt_text: 'Shop front', licence: PHOTO_RULES.licence }))).body;
    const second = (await upload(visitor, business.id)).body;
    const pending = (await upload(visitor, business.id)).body;
    await markReady(first.id);
    await markReady(second.id);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.cover).toBeNull();

    expect(await visitor.put(`/api/photos/${first.id}/cover`)).toMatchObject({ status: 403, body: { detail: MESSAGES.notAllowedToSetCover } });
    expect(await owner.put(`/api/photos/${pending.id}/cover`)).toMatchObject({ status: 404, body: { detail: MESSAGES.photoNotFound } });
    expect(await owner.put(`/api/photos/${first.id}/cover`)).toMatchObject({ status: 200, body: { message: MESSAGES.coverPhotoSet } });
    const cover = {
      photo_id: first.id,
      url: expect.stringMatching(new RegExp(`^/api/uploads/photos/${visitorUser.id}/[0-9a-f]{20}-320\\.webp$`)),
      width: 320,
      height: 240,
      alt_text: 'Shop front',
      username: visitorUser.username,
      licence: 'CC BY-SA 4.0',
    };
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.cover).toEqual(cover);
    const listed = await api.client().get(`/api/businesses?search=${encodeURIComponent(business.name)}`);
    expect(listed.body.find((row: { id: number }) => row.id === business.id).cover).toEqual(cover);
    const [firstListed] = (await api.client().get(`/api/businesses/${business.id}/photos?limit=100`)).body.filter(
      (p: { id: number }) => p.id === first.id,
    );
    expect(firstListed.is_cover).toBe(true);

    // An admin's choice replaces the owner's: one cover per business.
    expect((await (await adminClient(api)).put(`/api/photos/${second.id}/cover`)).status).toBe(200);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.cover.photo_id).toBe(second.id);
    const { rows } = await api.core.db.query('SELECT count(*)::int AS count FROM photos WHERE business_id = $1 AND is_cover', [business.id]);
    expect(rows[0].count).toBe(1);
    const audit = await api.core.db.query("SELECT target_id FROM audit_log WHERE action = 'photo-cover-set' AND target_id = ANY($1)", [
      [first.id, second.id],
    ]);
    expect(audit.rows).toHaveLength(2);

    // Deleting the cover leaves the business without one.
    expect((await visitor.delete(`/api/photos/${second.id}`)).status).toBe(200);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.cover).toBeNull();
  });
});

describe('the open data', () => {
  it("carries each business's cover photo URL with its credit and licence, in the CSV and the GeoJSON", async () => {
    const { member: owner, user, business } = await memberWithBusiness();
    const photo = (await upload(owner, business.id)).body;
    await markReady(photo.id);
    expect((await owner.put(`/api/photos/${photo.id}/cover`)).status).toBe(200);
    expect(await api.core.services.openData.rebuildIfChanged()).toBe('built');

    const [cover] = (await api.client().get(`/api/businesses/${business.id}/photos`)).body[0].sizes;
    const url = `${api.core.config.PUBLIC_ORIGIN}${cover.url}`;
    const records: Record<string, string>[] = parse(String((await api.client().get('/api/export/businesses.csv')).body), { columns: true });
    expect(records.find((record) => Number(record.id) === business.id)).toMatchObject({
      cover_photo_url: url,
      cover_photo_credit: user.username,
      cover_photo_licence: 'CC BY-SA 4.0',
    });
    expect(records.find((record) => Number(record.id) !== business.id)?.cover_photo_url ?? '').toBe('');
    const geojson = (await api.client().get('/api/export/businesses.geojson')).body;
    const feature = geojson.features.find((each: { id: number }) => each.id === business.id);
    expect(feature.properties).toMatchObject({ cover_photo_url: url, cover_photo_credit: user.username, cover_photo_licence: 'CC BY-SA 4.0' });
    expect(feature.properties.cover).toBeUndefined();

    // Deleting the cover marks the business: the next build drops it.
    expect((await owner.delete(`/api/photos/${photo.id}`)).status).toBe(200);
    expect(await api.core.services.openData.rebuildIfChanged()).toBe('built');
    const after: Record<string, string>[] = parse(String((await api.client().get('/api/export/businesses.csv')).body), { columns: true });
    expect(after.find((record) => Number(record.id) === business.id)?.cover_photo_url).toBe('');
  });
});

describe('moderation', () => {
  async function member() {
    const client = api.client();
    await client.signup();
    return client;
  }

  it('members report a photo once with a reason; three reports hide it (and its cover) until an admin keeps it; all audited', async () => {
    const { member: owner, business } = await memberWithBusiness();
    const photo = (await upload(owner, business.id)).body;
    await markReady(photo.id);
    expect((await owner.put(`/api/photos/${photo.id}/cover`)).status).toBe(200);
    const [first, second, third] = [await member(), await member(), await member()];

    expect(await first.post(`/api/photos/${photo.id}/reports`, { reason: '  ' })).toMatchObject({
      status: 400,
      body: { errors: { reason: MESSAGES.photoReportReasonRequired } },
    });
    expect(await first.post(`/api/photos/${photo.id}/reports`, { reason: 'Not this shop' })).toMatchObject({
      status: 201,
      body: { message: MESSAGES.reportSubmitted },
    });
    expect(await first.post(`/api/photos/${photo.id}/reports`, { reason: 'Again' })).toMatchObject({
      status: 409,
      body: { detail: MESSAGES.alreadyReportedPhoto },
    });
    expect((await api.client().post(`/api/photos/${photo.id}/reports`, { reason: 'x' })).status).toBe(401);
    expect((await second.post(`/api/photos/${photo.id}/reports`, { reason: 'A face in the window' })).status).toBe(201);
    expect((await api.client().get(`/api/businesses/${business.id}/photos`)).body).toHaveLength(1);
    expect((await third.post(`/api/photos/${photo.id}/reports`, { reason: 'Spam' })).status).toBe(201);

    // Hidden: out of the gallery and no longer the cover; hidden photos cannot be reported further.
    expect((await api.client().get(`/api/businesses/${business.id}/photos`)).body).toEqual([]);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.cover).toBeNull();
    expect((await (await member()).post(`/api/photos/${photo.id}/reports`, { reason: 'Late' })).status).toBe(404);

    const admin = await adminClient(api);
    const feed = await admin.get('/api/admin/photos?limit=100');
    const listed = feed.body.find((item: { id: number }) => item.id === photo.id);
    expect(listed).toMatchObject({
      state: 'hidden',
      report_count: 3,
      reasons: ['Spam', 'A face in the window', 'Not this shop'],
      uploader: { photos: 1, photos_removed: 0 },
    });
    expect((await owner.get('/api/admin/photos')).status).toBe(403);

    expect(await admin.post(`/api/admin/photos/${photo.id}/keep`)).toMatchObject({ status: 200, body: { message: MESSAGES.photoKept } });
    expect((await api.client().get(`/api/businesses/${business.id}/photos`)).body).toHaveLength(1);
    expect((await first.post(`/api/photos/${photo.id}/reports`, { reason: 'Still not this shop' })).status).toBe(201);

    const { rows } = await api.core.db.query('SELECT action, actor_id FROM audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id', [
      'photo',
      photo.id,
    ]);
    expect(rows.map((row) => row.action)).toEqual([
      'photo-cover-set',
      'photo-reported',
      'photo-reported',
      'photo-reported',
      'photo-hidden',
      'photo-kept',
      'photo-reported',
    ]);
  });

  it("a photo's files answer 404 while it is pending or hidden, and again 200 once an admin keeps it", async () => {
    const { member: uploader, business } = await memberWithBusiness();
    const photo = (await upload(uploader, business.id)).body;
    const { rows } = await api.core.db.query<{ storage_stem: string }>('SELECT storage_stem FROM photos WHERE id = $1', [photo.id]);
    const url = `/api/uploads/${rows[0].storage_stem}-320.webp`;
    await mkdir(join(uploadDir, url.replace('/api/uploads/', ''), '..'), { recursive: true });
    await writeFile(join(uploadDir, url.replace('/api/uploads/', '')), IMAGES.webp);
    expect((await api.client().get(url)).status).toBe(404);
    await markReady(photo.id);
    expect((await api.client().get(url)).status).toBe(200);

    for (const reason of ['Not this shop', 'A face in the window', 'Spam']) {
      expect((await (await member()).post(`/api/photos/${photo.id}/reports`, { reason })).status).toBe(201);
    }
    const hidden = await api.client().get(url);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('cache-control')).not.toContain('immutable');

    const admin = await adminClient(api);
    expect((await admin.post(`/api/admin/photos/${photo.id}/keep`)).status).toBe(200);
    expect((await api.client().get(url)).status).toBe(200);
  });

  it("the admins' feed is searched by business name as the other queues are: folded, paged, counted, wildcards as themselves", async () => {
    const tag = `P${Date.now().toString(36)}`;
    const { member: uploader } = await memberWithBusiness();
    const bakery = await createBusiness(uploader, { name: `${tag} Olivé Bakery` });
    const garage = await createBusiness(uploader, { name: `${tag} Garage` });
    const bakeryPhotos = [(await upload(uploader, bakery.id)).body, (await upload(uploader, bakery.id)).body];
    const garagePhoto = (await upload(uploader, garage.id)).body;
    for (const photo of [...bakeryPhotos, garagePhoto]) await markReady(photo.id);
    const admin = await adminClient(api);

    const searched = await allPages<{ id: number; business_id: number }>(admin, `/api/admin/photos?limit=1&search=${tag.toLowerCase()}%20olive`);
    expect(searched.items.map((item) => item.id)).toEqual([bakeryPhotos[1].id, bakeryPhotos[0].id]);
    expect(searched.total).toBe(2);
    const all = await admin.get(`/api/admin/photos?search=${tag}`);
    expect(all.headers.get('x-total-count')).toBe('3');
    const wildcard = await admin.get(`/api/admin/photos?search=${tag}%25`);
    expect(wildcard).toMatchObject({ status: 200, body: [] });
    expect(wildcard.headers.get('x-total-count')).toBe('0');
    expect(await admin.get(`/api/admin/photos?search=${'x'.repeat(201)}`)).toMatchObject({
      status: 400,
      body: { detail: textTooLongMessage('search', 200) },
    });
  });

  it("the admins' feed lists recent uploads newest first, paged; Remove deletes the files and keeps the uploader's record", async () => {
    const { member: uploader, business } = await memberWithBusiness();
    const older = (await upload(uploader, business.id)).body;
    const newer = (await upload(uploader, business.id)).body;
    await markReady(older.id);
    await markReady(newer.id);
    const admin = await adminClient(api);
    const page = await admin.get('/api/admin/photos?limit=1');
    expect(page.body.map((item: { id: number }) => item.id)).toEqual([newer.id]);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link')!)![1];
    expect((await admin.get(next)).body[0].id).toBe(older.id);

    const [listed] = (await api.client().get(`/api/businesses/${business.id}/photos?limit=1`)).body;
    const file = join(uploadDir, listed.sizes[0].url.replace('/api/uploads/', ''));
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, IMAGES.webp);
    expect(await admin.post(`/api/admin/photos/${newer.id}/remove`)).toMatchObject({ status: 200, body: { message: MESSAGES.photoRemoved } });
    expect((await api.client().get(listed.sizes[0].url)).status).toBe(404);
    expect((await api.client().get(`/api/businesses/${business.id}/photos`)).body.map((item: { id: number }) => item.id)).toEqual([older.id]);
    expect(await admin.post(`/api/admin/photos/${newer.id}/remove`)).toMatchObject({ status: 404, body: { detail: MESSAGES.photoNotFound } });
    const [record] = (await admin.get('/api/admin/photos?limit=100')).body.filter((item: { id: number }) => item.id === older.id);
    expect(record.uploader).toMatchObject({ photos: 2, photos_removed: 1 });
    const { rows } = await api.core.db.query("SELECT 1 FROM audit_log WHERE action = 'photo-removed' AND target_id = $1", [newer.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('a photo shows the Palestinian products a business stocks', () => {
  it("its owner gives one of the business's listed photos instead of a source; another's, a pending one or none is refused", async () => {
    const { member, business } = await memberWithBusiness();
    const path = `/api/businesses/${business.id}/products`;
    const shelf = (await upload(member, business.id)).body;
    const pending = (await upload(member, business.id)).body;
    const elsewhere = await createBusiness(member);
    const foreign = (await upload(member, elsewhere.id)).body;
    await markReady(shelf.id);
    await markReady(foreign.id);

    const none = await member.put(path, { products: ['olive-oil'] });
    expect(none.status).toBe(400);
    expect(none.body.codes.source.code).toBe('productProofRequired');
    for (const photo of [pending, foreign]) {
      const refused = await member.put(path, { products: ['olive-oil'], photo_id: photo.id });
      expect(refused.status).toBe(400);
      expect(refused.body.codes.photo_id.code).toBe('productPhotoUnknown');
    }
    expect((await member.put(path, { products: ['olive-oil'], photo_id: 'x' })).body.codes.photo_id.code).toBe('productPhotoUnknown');
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.palestinian_products.products).toEqual([]);

    const saved = await member.put(path, { products: ['olive-oil'], photo_id: shelf.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ source: null, photo: { id: shelf.id, alt_text: 'The shop front' } });
    const detail = (await api.client().get(`/api/businesses/${business.id}`)).body.palestinian_products;
    expect(detail.photo).toMatchObject({ id: shelf.id, sizes: [expect.objectContaining({ width: 320 })] });

    await api.core.db.query(`UPDATE photos SET state = 'hidden' WHERE id = $1`, [shelf.id]);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.palestinian_products.photo).toBeNull();
    await markReady(shelf.id);
    const cleared = await member.put(path, { products: [] });
    expect(cleared.body).toEqual({ products: [], source: null, photo: null });
    const { rows } = await api.core.db.query('SELECT 1 FROM business_product_photos WHERE business_id = $1', [business.id]);
    expect(rows).toEqual([]);
  });
});

describe('deleting photos', () => {
  it('the uploader or an admin deletes a photo and its files; others may not', async () => {
    const { member, business } = await memberWithBusiness();
    const photo = (await upload(member, business.id)).body;
    await markReady(photo.id);
    const [listed] = (await api.client().get(`/api/businesses/${business.id}/photos`)).body;
    const file = join(uploadDir, listed.sizes[0].url.replace('/api/uploads/', ''));
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, IMAGES.webp);

    const stranger = api.client();
    await stranger.signup();
    expect(await stranger.delete(`/api/photos/${photo.id}`)).toMatchObject({ status: 403, body: { detail: MESSAGES.notAllowedToDeletePhoto } });
    expect(await member.delete(`/api/photos/${photo.id}`)).toMatchObject({ status: 200, body: { message: MESSAGES.photoDeleted } });
    expect((await api.client().get(listed.sizes[0].url)).status).toBe(404);
    expect(await member.delete(`/api/photos/${photo.id}`)).toMatchObject({ status: 404, body: { detail: MESSAGES.photoNotFound } });

    const another = (await upload(member, business.id)).body;
    expect((await (await adminClient(api)).delete(`/api/photos/${another.id}`)).status).toBe(200);
    const audit = await api.core.db.query("SELECT action FROM audit_log WHERE target_type = 'photo' AND target_id = ANY($1)", [
      [photo.id, another.id],
    ]);
    expect(audit.rows).toHaveLength(2);
  });

  it('an admin deleting a business deletes its photos and queues the removal of their files by stem', async () => {
    const { member, business } = await memberWithBusiness();
    const photos = [(await upload(member, business.id)).body, (await upload(member, business.id)).body];
    await markReady(photos[0].id);
    const { rows } = await api.core.db.query<{ storage_stem: string }>('SELECT storage_stem FROM photos WHERE id = ANY($1) ORDER BY storage_stem', [
      photos.map((photo) => photo.id),
    ]);
    expect((await (await adminClient(api)).delete(`/api/admin/businesses/${business.id}`)).status).toBe(200);
    expect((await api.core.db.query('SELECT 1 FROM photos WHERE id = ANY($1)', [photos.map((photo) => photo.id)])).rows).toEqual([]);
    const jobs = await api.core.jobs.queues.images.getJobs(['waiting', 'delayed', 'active', 'completed']);
    const removal = jobs.find((job) => job.name === 'remove-business-photos' && job.data.businessId === business.id);
    expect([...removal!.data.stems].sort()).toEqual(rows.map((row) => row.storage_stem));
  });

  it("merging a business moves its photos to the survivor; the merged one's cover stays the cover only where there was none", async () => {
    const admin = await adminClient(api);
    const { member, business: survivor } = await memberWithBusiness();
    const merged = await createBusiness(member);
    const photo = (await upload(member, merged.id)).body;
    await markReady(photo.id);
    expect((await member.put(`/api/photos/${photo.id}/cover`)).status).toBe(200);
    expect((await admin.post(`/api/admin/businesses/${survivor.id}/merge`, { from: merged.id })).status).toBe(200);
    const listed = (await api.client().get(`/api/businesses/${survivor.id}/photos`)).body;
    expect(listed.map((item: { id: number }) => item.id)).toEqual([photo.id]);
    expect((await api.client().get(`/api/businesses/${survivor.id}`)).body.cover).toMatchObject({ photo_id: photo.id });

    const third = await createBusiness(member);
    const another = (await upload(member, third.id)).body;
    await markReady(another.id);
    expect((await member.put(`/api/photos/${another.id}/cover`)).status).toBe(200);
    expect((await admin.post(`/api/admin/businesses/${survivor.id}/merge`, { from: third.id })).status).toBe(200);
    expect((await api.client().get(`/api/businesses/${survivor.id}/photos`)).body).toHaveLength(2);
    expect((await api.client().get(`/api/businesses/${survivor.id}`)).body.cover).toMatchObject({ photo_id: photo.id });
  });

  it('deleting an account deletes its photos and queues the removal of their files', async () => {
    const { member, user, business } = await memberWithBusiness();
    const photo = (await upload(member, business.id)).body;
    expect((await member.post('/api/auth/delete-account')).status).toBe(200);
    const { rows } = await api.core.db.query('SELECT 1 FROM photos WHERE id = $1', [photo.id]);
    expect(rows).toEqual([]);
    const jobs = await api.core.jobs.queues.images.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.some((job) => job.name === 'remove-member-photos' && job.data.userId === user.id)).toBe(true);
  });
});
