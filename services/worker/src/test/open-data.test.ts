import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueConnection, JOBS, OPEN_DATA_LOCK_KEY, LocalStorageRepository, OPEN_DATA_FOLDER, type OpenDataManifest } from '@zaytoon/core';
import type { RunningWorker } from '../worker';
import { insertBusiness } from './fixtures';
import { createTestContext, startWorker, waitFor, type TestContext } from './test-context';

let context: TestContext;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  context = await createTestContext();
  // A worker another suite killed mid-build leaves its lock for up to a minute.
  const connection = createQueueConnection(context.env.REDIS_URL, 'worker');
  await connection.del(OPEN_DATA_LOCK_KEY);
  connection.disconnect();
});
afterAll(async () => {
  await worker?.stop();
  await context?.close();
});

describe('open data build', () => {
  it('builds at boot, then on its schedule only after businesses changed, all of the changes in one build', async () => {
    const storage = new LocalStorageRepository(context.uploadDir);
    const manifest = async () => {
      const bytes = await storage.get(`${OPEN_DATA_FOLDER}/manifest.json`);
      return bytes ? (JSON.parse(bytes.toString()) as OpenDataManifest) : null;
    };
    const partsOf = async (current: OpenDataManifest, format: 'csv' | 'geojson') => {
      const segments = Object.keys(current.segments).sort((a, b) => Number(a) - Number(b));
      const parts = [current.heads[format], ...segments.map((segment) => current.segments[segment][format])];
      return (await Promise.all(parts.map((part) => storage.get(part.key)))).join('');
    };
    const csvOf = (current: OpenDataManifest) => partsOf(current, 'csv');
    const first = await insertBusiness(context.db, { name: 'Built At Boot' });
    // The worker's build carries the business's tags: the brands it is an alternative to, the products it stocks.
    await context.db.query(`INSERT INTO brands (name, slug, reason) VALUES ('Workerbucks', 'workerbucks', 'A reason') ON CONFLICT DO NOTHING`);
    await context.db.query(`INSERT INTO business_alternatives (brand_id, business_id) SELECT id, $1 FROM brands WHERE slug = 'workerbucks'`, [
      first.id,
    ]);
    await context.db.query(`INSERT INTO business_products (product_type_id, business_id) SELECT id, $1 FROM product_types WHERE slug = 'dates'`, [
      first.id,
    ]);

    worker = await startWorker(context, { OPEN_DATA_REBUILD_EVERY_MS: '1500' });
    const booted = await waitFor(manifest, 20_000, 'the boot build');
    expect(await csvOf(booted)).toContain('Built At Boot');
    expect(await partsOf(booted, 'geojson')).toContain(`"id":${first.id}`);
    expect(await csvOf(booted)).toMatch(/Built At Boot.*,workerbucks,dates,/);
    expect(await partsOf(booted, 'geojson')).toContain('"alternatives":[{"id":');

    // No change: the schedule's runs build nothing.
    const completedBuilds = async () =>
      (await context.queues[JOBS.buildOpenData.queue].getJobs(['completed'])).filter((job) => job.name === JOBS.buildOpenData.name);
    await waitFor(async () => (await completedBuilds()).some((job) => job.returnvalue?.outcome === 'unchanged'), 20_000, 'an unchanged run');
    expect((await manifest())!.builtAt).toBe(booted.builtAt);

    // Three changes (each moves the directory's version on, as every business write does) make one new build.
    const added = [];
    for (let change = 0; change < 3; change++) added.push(await insertBusiness(context.db, { name: `Added Later ${change}` }));
    const rebuilt = await waitFor(
      async () => {
        const current = await manifest();
        return current && current.files.csv.etag !== booted.files.csv.etag ? current : null;
      },
      20_000,
      'the rebuild',
    );
    const csv = await csvOf(rebuilt);
    for (const business of added) expect(csv).toContain(business.name);
    // The files of the build before are kept for one more build (readers that hold the old manifest), no longer.
    expect(await storage.exists(booted.segments[Math.floor(added[0].id / booted.segmentSize)].csv.key)).toBe(true);
  });
});
