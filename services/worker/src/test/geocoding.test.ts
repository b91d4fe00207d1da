import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder, DirectoryVersionRepository } from '@zaytoon/core';
import { captureLogs } from '@zaytoon/core/testing';
import type { RunningWorker } from '../worker';
import { insertBusiness } from './fixtures';
import { createTestContext, startWorker, waitForJob, type TestContext } from './test-context';

let context: TestContext;
let worker: RunningWorker;

beforeAll(async () => {
  context = await createTestContext();
  worker = await startWorker(context);
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
});

const coordinatesOf = async (id: number) =>
  (await context.db.query<{ latitude: number | null; longitude: number | null }>('SELECT latitude, longitude FROM businesses WHERE id = $1', [id]))
    .rows[0];

describe('geocode-business (offline, postcode district centre)', () => {
  it("puts 'SW1A 1AA' on the map at the SW1A district centre", async () => {
    const business = await insertBusiness(context.db, { postcode: 'SW1A 1AA' });
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'SW1A 1AA' });
    const result = await waitForJob(context.queues.geocoding, jobId!);
    expect(result).toMatchObject({ state: 'completed', returnvalue: { status: 'located' } });
    const { latitude, longitude } = await coordinatesOf(business.id);
    expect(latitude).toBeCloseTo(51.5, 1);
    expect(longitude).toBeCloseTo(-0.13, 1);
  });

  it('an unknown postcode completes without retrying and leaves the coordinates empty', async () => {
    const business = await insertBusiness(context.db, { postcode: 'ZZ99 9ZZ' });
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'ZZ99 9ZZ' });
    const result = await waitForJob(context.queues.geocoding, jobId!);
    expect(result).toMatchObject({ state: 'completed', attemptsMade: 1, returnvalue: { status: 'unknown-postcode' } });
    expect(await coordinatesOf(business.id)).toEqual({ latitude: null, longitude: null });
  });

  it('does nothing when the business has changed its postcode since the job was queued', async () => {
    const business = await insertBusiness(context.db, { postcode: 'M1 1AE' });
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'SW1A 1AA' });
    const result = await waitForJob(context.queues.geocoding, jobId!);
    expect(result).toMatchObject({ state: 'completed', returnvalue: { status: 'stale' } });
    expect(await coordinatesOf(business.id)).toEqual({ latitude: null, longitude: null });
  });

  it('matches the postcode whatever its spacing and case', async () => {
    const business = await insertBusiness(context.db, { postcode: 'm1 1ae' });
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: business.id, postcode: 'M11AE' });
    expect((await waitForJob(context.queues.geocoding, jobId!)).returnvalue).toMatchObject({ status: 'located' });
    expect((await coordinatesOf(business.id)).latitude).toBeCloseTo(53.48, 1);
  });

  it("moves the directory's version on once it has placed a business, and only then", async () => {
    // Map tiles and the open data files are keyed by it: without a new one they would miss the position.
    const versions = new DirectoryVersionRepository(context.db);
    const located = await insertBusiness(context.db, { postcode: 'SW1A 1AA' });
    const before = await versions.current();
    const jobId = await context.producer.enqueue('geocodeBusiness', { businessId: located.id, postcode: 'SW1A 1AA' });
    expect((await waitForJob(context.queues.geocoding, jobId!)).returnvalue).toMatchObject({ status: 'located' });
    const after = await versions.current();
    expect(after).not.toBe(before);

    const unknown = await insertBusiness(context.db, { postcode: 'ZZ99 9ZZ' });
    const beforeUnknown = await versions.current();
    const unknownJob = await context.producer.enqueue('geocodeBusiness', { businessId: unknown.id, postcode: 'ZZ99 9ZZ' });
    expect((await waitForJob(context.queues.geocoding, unknownJob!)).returnvalue).toMatchObject({ status: 'unknown-postcode' });
    expect(await versions.current()).toBe(beforeUnknown);
  });
});

describe('online geocoder (GEOCODER_URL)', () => {
  let server: Server;
  let base: string;
  let answer: (postcode: string) => { status: number; body?: unknown };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const postcode = decodeURIComponent(req.url!.split('/').pop()!);
      const { status, body } = answer(postcode);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is asked first, postcodes.io style', async () => {
    answer = (postcode) => ({ status: 200, body: { status: 200, result: { postcode, latitude: 51.501009, longitude: -0.141588 } } });
    expect(await createGeocoder(`${base}/postcodes/{postcode}`).geocode('SW1A 1AA')).toEqual({ latitude: 51.501009, longitude: -0.141588 });
  });

  it('falls back to the district centre when it does not know the postcode or is down, logging the failure', async () => {
    const geocoder = createGeocoder(`${base}/postcodes/{postcode}`);
    answer = () => ({ status: 404 });
    expect((await geocoder.geocode('SW1A 1AA'))?.latitude).toBeCloseTo(51.5, 1);
    answer = () => ({ status: 503 });
    const captured = captureLogs();
    const logged = createGeocoder(`${base}/postcodes/{postcode}`, captured.logger);
    expect((await logged.geocode('SW1A 1AA'))?.longitude).toBeCloseTo(-0.13, 1);
    expect(captured.lines).toEqual([expect.objectContaining({ level: 40, msg: 'HttpGeocoder failed, falling back: Geocoder answered 503' })]);
    answer = () => ({ status: 404 });
    expect(await geocoder.geocode('ZZ99 9ZZ')).toBeNull();
  });
});
