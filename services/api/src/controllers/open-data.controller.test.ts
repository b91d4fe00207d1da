import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_DATA_LICENCE } from '@zaytoon/contract';
import { JOBS, OPEN_DATA_CSV_COLUMNS, OPEN_DATA_REBUILD_EVERY_MS } from '@zaytoon/core';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

const CSV = '/api/export/businesses.csv';
const GEOJSON = '/api/export/businesses.geojson';

let api: TestApi;
let owner: ApiTestClient;
let admin: ApiTestClient;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'zaytoon-open-data-'));
  api = await startTestApi({ UPLOAD_DIR: uploadDir });
  owner = api.client();
  await owner.signup({ email: 'owner-secret@example.com' });
  admin = await adminClient(api);
});
afterAll(async () => {
  await api?.stop();
  await rm(uploadDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as they travel (no client decompressing them), to see the gzip the API sends. */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, api.baseUrl), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const listedIds = async () =>
  (
    await api.core.db.query<{ id: number }>(
      `SELECT id FROM businesses b WHERE NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved') ORDER BY id`,
    )
  ).rows.map((row) => row.id);

type CsvRecord = Record<string, string>;
const parseCsv = (text: string): CsvRecord[] => parse(text, { columns: true, skip_empty_lines: true });

describe('open data', () => {
  let tricky: { id: number };
  let separators: { id: number };
  let removed: { id: number };
  let deleted: { id: number };

  it('before the first build: 503 with Retry-After, and a build is queued', async () => {
    await api.core.jobs.queues[JOBS.buildOpenData.queue].obliterate({ force: true });
    const answer = await api.client().get(CSV);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'openDataNotReady' });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const queued = await api.core.jobs.queues[JOBS.buildOpenData.queue].getJobs(['waiting', 'delayed', 'prioritized']);
    expect(queued.filter((job) => job.name === JOBS.buildOpenData.name)).toHaveLength(1);
  });

  it('the files hold every listed business, public fields only, quoted and guarded', async () => {
    tricky = await createBusiness(owner, {
      name: 'Café "Zaytoon", Upstairs',
      name_latin: 'Cafe Zaytoon',
      description: '=HYPERLINK("http://evil.example","click")\nsecond line',
      phone: '+44 20 7946 0002',
      latitude: 51.5155,
      longitude: -0.0722,
      business_hours: { monday: '9am-5pm' },
      social_media: { instagram: '@zaytoon' },
    });
    const eid = { label: 'Eid al-Fitr', first_date: '2027-03-10', last_date: '2027-03-10', closed: true, opens: null, closes: null };
    expect((await owner.put(`/api/businesses/${tricky.id}/special-hours`, { special_hours: [eid] })).status).toBe(200);
    await createBusiness(owner, { name: 'زيتون الخليل', city: 'Manchester' });
    separators = await createBusiness(owner, { name: 'Zq;=1+1;x', description: 'Menu:\n-1 olive\n=SUM(A1)\t@cmd;+x,=y' });
    removed = await createBusiness(owner, { name: 'Removed by a report' });
    deleted = await createBusiness(owner, { name: 'Deleted by an admin' });
    const reporter = api.client();
    const reporterUser = await reporter.signup({ email: 'reporter-secret@example.com' });
    const report = await reporter.post('/api/reports', { business_id: removed.id, reason: 'Other', description: 'reporter-private-words' });
    expect(report.status).toBe(201);
    await api.core.db.query(`UPDATE reports SET status = 'approved' WHERE id = $1`, [report.body.id]);
    expect((await admin.delete(`/api/admin/businesses/${deleted.id}`)).status).toBe(200);

    expect(await api.core.services.openData.rebuildIfChanged()).toBe('built');

    const csv = await api.client().get(CSV);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers.get('link')).toContain(`<${OPEN_DATA_LICENCE.url}>; rel="license"`);
    const text = String(csv.body);
    expect(text.split('\r\n')[0]).toBe(OPEN_DATA_CSV_COLUMNS.join(','));
    const records = parseCsv(text);
    expect(records.map((record) => Number(record.id))).toEqual(await listedIds());
    expect(records.map((record) => Number(record.id))).not.toContain(removed.id);
    expect(records.map((record) => Number(record.id))).not.toContain(deleted.id);
    const row = records.find((record) => Number(record.id) === tricky.id)!;
    expect(row.name).toBe('Café "Zaytoon", Upstairs');
    expect(row.description).toBe(`'=HYPERLINK("http://evil.example","click")\nsecond line`);
    expect(row.phone).toBe("'+44 20 7946 0002");
    expect([row.latitude, row.longitude]).toEqual(['51.5155', '-0.0722']);
    expect(row.hours_monday).toBe('9am-5pm');
    expect(JSON.parse(row.special_hours)).toEqual([eid]);
    expect(records.find((record) => record.name === 'زيتون الخليل')!.special_hours).toBe('');
    expect(row.instagram).toBe('https://instagram.com/zaytoon');
    expect(row.page_url).toBe(`http://localhost:8180/business/${tricky.id}`);
    expect(records.some((record) => record.name === 'زيتون الخليل')).toBe(true);
    // A cell with any locale's separator is quoted, and no text after a separator starts a formula,
    // so a ';'-locale spreadsheet (or a parser that ignores quotes) never sees one.
    const guarded = records.find((record) => Number(record.id) === separators.id)!;
    expect(guarded.name).toBe("Zq;'=1+1;x");
    expect(guarded.description).toBe("Menu:\n'-1 olive\n'=SUM(A1)\t'@cmd;'+x,'=y");
    expect(text).toContain(`,"Zq;'=1+1;x",`);
    for (const line of text.split(/\r\n|\n|\r/))
      for (const cell of line.split(/[,;\t]/).filter((cell) => !/^-?\d+(\.\d+)?$/.test(cell)))
        expect(cell.replace(/^"/, ''), line).not.toMatch(/^[=+\-@]/);

    const geojson = await rawGet(GEOJSON);
    expect(geojson.status).toBe(200);
    expect(geojson.headers['content-type']).toBe('application/geo+json');
    const collection = JSON.parse(String(geojson.body));
    expect(collection).toMatchObject({ type: 'FeatureCollection', license: OPEN_DATA_LICENCE, attribution: expect.stringContaining('Zaytoon') });
    expect(collection.features.map((feature: { id: number }) => feature.id)).toEqual(await listedIds());
    const feature = collection.features.find((one: { id: number }) => one.id === tricky.id);
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [-0.0722, 51.5155] });
    expect(feature.properties).toMatchObject({ name: 'Café "Zaytoon", Upstairs', business_hours: { monday: '9am-5pm' }, special_hours: [eid] });
    expect(collection.features.find((one: { id: number }) => one.id !== tricky.id).geometry).toBeNull();

    for (const body of [text, String(geojson.body)]) {
      for (const secret of [
        'owner_id',
        'report_count',
        'latest_reports',
        'reported_by',
        'vote_score',
        'owner-secret@example.com',
        'reporter-private-words',
      ]) {
        expect(body).not.toContain(secret);
      }
      expect(body).not.toContain(reporterUser.username);
    }
    for (const properties of collection.features.map((one: { properties: object }) => one.properties)) {
      expect(Object.keys(properties)).not.toEqual(expect.arrayContaining(['owner_id']));
    }
  });

  it('answers 304 to If-None-Match and If-Modified-Since, and reads no business per request', async () => {
    const queries: string[] = [];
    const query = api.core.db.query.bind(api.core.db);
    api.core.db.query = ((...args: Parameters<typeof query>) => {
      queries.push(String(args[0]));
      return query(...args);
    }) as typeof query;
    try {
      for (const path of [CSV, GEOJSON]) {
        const first = await rawGet(path);
        expect(first.status).toBe(200);
        const etag = first.headers.etag!;
        expect(etag).toMatch(/^W\/"[\w-]+"$/);
        const repeat = await rawGet(path, { 'if-none-match': etag });
        expect(repeat.status).toBe(304);
        expect(repeat.body.length).toBe(0);
        expect(repeat.headers.etag).toBe(etag);
        expect((await rawGet(path, { 'if-modified-since': first.headers['last-modified']! })).status).toBe(304);
        expect((await rawGet(path, { 'if-none-match': 'W/"other"' })).status).toBe(200);
        expect((await rawGet(path, { 'if-modified-since': new Date(Date.parse(first.headers['last-modified']!) - 1000).toUTCString() })).status).toBe(
          200,
        );
        const head = await rawGet(path, {}, 'HEAD');
        expect(head.status).toBe(200);
        expect(head.headers['content-length']).toBe(String(first.body.length));
      }
    } finally {
      api.core.db.query = query;
    }
    // At most the small list of removals not yet rebuilt, once per 2 s; never the businesses.
    expect(queries.filter((sql) => !/FROM open_data_changes WHERE removed/.test(sql))).toEqual([]);
  });

  it('sends the gzip bytes built with the file when the client accepts gzip', async () => {
    for (const path of [CSV, GEOJSON]) {
      const plain = await rawGet(path, { 'accept-encoding': 'identity' });
      const gzipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
      expect(gzipped.body.length).toBeLessThan(plain.body.length);
      expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
      expect(gzipped.headers.etag).toBe(plain.headers.etag);
      // One gzip member (browsers read only the first of several): header, one deflate stream, trailer.
      expect(singleMember(gzipped.body).equals(plain.body)).toBe(true);
    }
  });

  it('a business change makes the next build new; without one, the job builds nothing', async () => {
    const openData = api.core.services.openData;
    expect(await openData.rebuildIfChanged()).toBe('unchanged');
    const before = await rawGet(CSV);
    for (let edit = 0; edit < 3; edit++) {
      expect((await owner.put(`/api/businesses/${tricky.id}`, { ...editable(tricky), name: `Renamed ${edit}` })).status).toBe(200);
    }
    // Changes between two runs of the schedule coalesce into one build, which sees the last of them.
    expect(await openData.rebuildIfChanged()).toBe('built');
    expect(await openData.rebuildIfChanged()).toBe('unchanged');
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the API's manifest memo
    const after = await rawGet(CSV, { 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(parseCsv(after.body.toString()).find((record) => Number(record.id) === tricky.id)!.name).toBe('Renamed 2');
  });

  it("a tag ('Alternative to', Palestinian products) makes the next build carry it in both files", async () => {
    const openData = api.core.services.openData;
    expect(await openData.rebuildIfChanged()).toBe('unchanged');
    const brand = await admin.post('/api/admin/brands', {
      name: 'Opendatabucks',
      reason: 'A reason',
      sources: [{ kind: 'Other', description: 'A list', date: '2024-01-01' }],
    });
    expect(brand.status).toBe(201);
    expect((await owner.put(`/api/businesses/${tricky.id}/alternatives`, { brands: ['opendatabucks'] })).status).toBe(200);
    const source = { kind: 'In-store sign', description: 'On the shelf', date: '2024-01-01' };
    expect((await owner.put(`/api/businesses/${tricky.id}/products`, { products: ['zaatar', 'olive-oil'], source })).status).toBe(200);
    expect(await openData.rebuildIfChanged()).toBe('built');
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the API's manifest memo

    const row = parseCsv(String((await api.client().get(CSV)).body)).find((record) => Number(record.id) === tricky.id)!;
    expect(row.alternatives).toBe('opendatabucks');
    expect(row.palestinian_products).toBe('olive-oil zaatar');
    const collection = JSON.parse(String((await rawGet(GEOJSON)).body));
    const feature = collection.features.find((one: { id: number }) => one.id === tricky.id);
    expect(feature.properties.alternatives).toEqual([{ id: brand.body.id, name: 'Opendatabucks', slug: 'opendatabucks' }]);
    expect(feature.properties.palestinian_products).toEqual(['olive-oil', 'zaatar']);
  });

  it('a removed business is gone from both files within 10 s, with no build; a change is rebuilt in its own segment only', async () => {
    const openData = api.core.services.openData;
    const farAway = await api.core.db.query<{ id: number }>(
      `INSERT INTO businesses (id, name, address, city, postcode, category) OVERRIDING SYSTEM VALUE
       VALUES (5001, 'Far Segment Bakery', '1 High Street', 'Leeds', 'LS1 1AA', 'Bakery') RETURNING id`,
    );
    const doomed = await createBusiness(owner, { name: 'Soon Removed Grocer' });
    expect(await openData.rebuildIfChanged()).toBe('built');
    const built = (await openData.manifest())!;
    expect(Object.keys(built.segments)).toEqual(['0', '5']);
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the API's memo of the files it serves
    expect(parseCsv(String((await api.client().get(CSV)).body)).map((record) => record.name)).toContain('Soon Removed Grocer');

    // An approved report removes the business: both files leave it out at once, gzipped or not, before any build.
    const reporter = api.client();
    await reporter.signup();
    const report = await reporter.post('/api/reports', { business_id: doomed.id, reason: 'Other', description: 'Closed for good' });
    await api.core.db.query(`UPDATE reports SET status = 'approved' WHERE id = $1`, [report.body.id]);
    const removedAt = Date.now();
    await expect
      .poll(async () => parseCsv(String((await api.client().get(CSV)).body)).some((record) => Number(record.id) === doomed.id), {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(false);
    expect(Date.now() - removedAt).toBeLessThan(10_000);
    const gzipped = await rawGet(GEOJSON, { 'accept-encoding': 'gzip' });
    const features = JSON.parse(singleMember(gzipped.body).toString()).features as { id: number }[];
    expect(features.map((feature) => feature.id)).toEqual((await listedIds()).filter((id) => id <= 5001));
    expect(features.map((feature) => feature.id)).not.toContain(doomed.id);
    const plainCsv = parseCsv(String((await rawGet(CSV)).body));
    expect(plainCsv.map((record) => Number(record.id))).toEqual(await listedIds());
    expect((await openData.manifest())!.builtAt).toBe(built.builtAt);
    // A revalidation by date alone (a CDN) is not told the file is unchanged.
    expect((await rawGet(CSV, { 'if-modified-since': new Date(built.builtAt).toUTCString() })).status).toBe(200);

    // The next build rewrites the segment with the removal and the changed business; the far segment stays as it was.
    expect((await owner.put(`/api/businesses/${tricky.id}`, { ...editable(tricky), name: 'Renamed Again' })).status).toBe(200);
    expect(await openData.rebuildIfChanged()).toBe('built');
    const rebuilt = (await openData.manifest())!;
    expect(rebuilt.segments['5']).toEqual(built.segments['5']);
    expect(rebuilt.segments['0'].csv.key).not.toBe(built.segments['0'].csv.key);
    expect(await openData.rebuildIfChanged()).toBe('unchanged');
    // Files built with other columns (before a field was added): the next build rewrites every segment.
    const { storage } = api.core.repositories;
    const stored = JSON.parse((await storage.get('open-data/manifest.json'))!.toString('utf8'));
    stored.heads.csv.hash = 'a header of other columns';
    await storage.put('open-data/manifest.json', Buffer.from(JSON.stringify(stored)));
    expect(await openData.rebuildIfChanged()).toBe('built');
    expect((await openData.manifest())!.segments['5'].csv.key).not.toBe(rebuilt.segments['5'].csv.key);
    expect(await openData.rebuildIfChanged()).toBe('unchanged');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const after = parseCsv(String((await api.client().get(CSV)).body));
    expect(after.find((record) => Number(record.id) === tricky.id)!.name).toBe('Renamed Again');
    expect(after.map((record) => Number(record.id))).toContain(farAway.rows[0].id);
    expect(after.map((record) => Number(record.id))).not.toContain(doomed.id);
    // A change reaches the files at the next scheduled build: every 30 s, well within 2 minutes.
    expect(OPEN_DATA_REBUILD_EVERY_MS).toBeLessThanOrEqual(60_000);
  });

  it('requests for a build coalesce while one waits', async () => {
    const queue = api.core.jobs.queues[JOBS.buildOpenData.queue];
    await queue.obliterate({ force: true });
    for (let i = 0; i < 5; i++) await api.core.jobs.enqueue('buildOpenData', { reason: `change ${i}` });
    const waiting = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(waiting.filter((job) => job.name === JOBS.buildOpenData.name)).toHaveLength(1);
  });
});

/** The plain bytes of a gzip stream that must be one member: its deflate stream ends exactly before the 8-byte trailer. */
function singleMember(gzip: Buffer): Buffer {
  const { buffer, engine } = inflateRawSync(gzip.subarray(10), { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
  expect(10 + engine.bytesWritten + 8).toBe(gzip.length);
  return buffer;
}

/** The fields a member sends back to edit a business, from its answer. */
function editable(business: Record<string, any>) {
  const { name, name_latin, address, city, postcode, category, description, phone, website, business_hours, social_media } = business;
  return { name, name_latin: name_latin ?? '', address, city, postcode, category, description, phone, website, business_hours, social_media };
}
