import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CHECK_RULES } from '@zaytoon/contract';
import { DirectoryVersionRepository, loadConfig } from '@zaytoon/core';
import type { RunningWorker } from '../worker';
import { insertBusiness } from './fixtures';
import { createTestContext, startWorker, waitForJob, type TestContext } from './test-context';

let context: TestContext;
let worker: RunningWorker;
let server: Server;
let base: string;
/** What the test site answers for each path; a page 'dies' when its entry turns to 404. */
const pages = new Map<string, { status: number; html: string }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/stalls-gzipped') {
      // A gzip header and the first bytes of the page, then nothing: the connection stays open.
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.write(gzipSync('<title>Never finished</title>'.repeat(50)).subarray(0, 30));
      return;
    }
    const page = pages.get(request.url!) ?? { status: 404, html: '<title>Not found</title>' };
    response.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' }).end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context = await createTestContext();
  worker = await startWorker(context, { LINK_CHECK_ALLOW_PRIVATE: 'true' });
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function insertSource(url: string | null): Promise<number> {
  const business = await insertBusiness(context.db);
  const { rows } = await context.db.query<{ id: number }>(
    `INSERT INTO business_sources (business_id, kind, url, description, source_date)
     VALUES ($1, 'Public statement', $2, 'Our statement', current_date) RETURNING id`,
    [business.id, url],
  );
  return rows[0].id;
}

async function check(sourceId: number) {
  const jobId = await context.producer.enqueue('checkSourceLink', { sourceId });
  return waitForJob(context.queues.links, jobId!);
}

const linkOf = async (sourceId: number) =>
  (
    await context.db.query(
      `SELECT link_status, link_http_status, link_final_url, link_checked_at, link_failures, archived_title, archived_excerpt
         FROM business_sources WHERE id = $1`,
      [sourceId],
    )
  ).rows[0];

describe('check-source-link', () => {
  it("records a page that answers 200: status ok, final URL, time, and the page's title and text as its archive", async () => {
    pages.set('/pledge', { status: 200, html: '<title>Our pledge</title><h1>We stand with Palestine</h1><p>Since 2023.</p>' });
    const sourceId = await insertSource(`${base}/pledge`);
    const versions = new DirectoryVersionRepository(context.db);
    const versionBefore = await versions.current();
    expect(await check(sourceId)).toMatchObject({ state: 'completed', returnvalue: { status: 'ok', failures: 0, httpStatus: 200 } });
    const link = await linkOf(sourceId);
    expect(link).toMatchObject({
      link_status: 'ok',
      link_http_status: 200,
      link_final_url: `${base}/pledge`,
      link_failures: 0,
      archived_title: 'Our pledge',
      archived_excerpt: 'We stand with Palestine Since 2023.',
    });
    expect(Date.now() - link.link_checked_at.getTime()).toBeLessThan(60_000);
    // The business page and the open data show the link's state: the directory's version moves on.
    expect(await versions.current()).not.toBe(versionBefore);
  });

  it("a page that starts answering 404 is 'failing', then 'broken' at the third failure in a row, its archive kept", async () => {
    pages.set('/dying', { status: 200, html: '<title>Donations page</title><p>Every penny to Gaza.</p>' });
    const sourceId = await insertSource(`${base}/dying`);
    await check(sourceId);
    pages.delete('/dying');
    const statuses = [];
    for (let failure = 1; failure <= 3; failure++) {
      expect(await check(sourceId)).toMatchObject({
        state: 'completed',
        returnvalue: { failures: failure, httpStatus: 404, problem: 'answered 404' },
      });
      statuses.push((await linkOf(sourceId)).link_status);
    }
    expect(statuses).toEqual(['failing', 'failing', 'broken']);
    expect(await linkOf(sourceId)).toMatchObject({
      link_http_status: 404,
      link_failures: 3,
      archived_title: 'Donations page',
      archived_excerpt: 'Every penny to Gaza.',
    });

    // Back again: ok, failures reset, and the archive follows the page.
    pages.set('/dying', { status: 200, html: '<title>Donations page (new)</title>' });
    await check(sourceId);
    expect(await linkOf(sourceId)).toMatchObject({ link_status: 'ok', link_failures: 0, archived_title: 'Donations page (new)' });
  });

  it('a source without a URL, or gone, has nothing to check', async () => {
    const sourceId = await insertSource(null);
    expect(await check(sourceId)).toMatchObject({ state: 'completed', returnvalue: { status: 'no-link' } });
    expect((await linkOf(sourceId)).link_status).toBe('unchecked');
    expect(await check(2_000_000_000)).toMatchObject({ state: 'completed', returnvalue: { status: 'no-link' } });
  });

  it("a brand's source and a business's products source are checked as a business's are, each in its own list", async () => {
    pages.set('/boycott', { status: 200, html: '<title>Boycott list</title><p>Listed.</p>' });
    const business = await insertBusiness(context.db);
    const { rows: brands } = await context.db.query<{ id: number }>(
      `INSERT INTO brands (name, slug, reason) VALUES ('Linkbucks', 'linkbucks', 'A reason') RETURNING id`,
    );
    const insert = (table: string, owner: string, ownerId: number, url: string) =>
      context.db
        .query<{ id: number }>(
          `INSERT INTO ${table} (${owner}, kind, url, description, source_date) VALUES ($1, 'Public statement', $2, 'A statement', current_date) RETURNING id`,
          [ownerId, url],
        )
        .then(({ rows }) => rows[0].id);
    const brandSource = await insert('brand_sources', 'brand_id', brands[0].id, `${base}/boycott`);
    const productSource = await insert('business_product_sources', 'business_id', business.id, `${base}/nowhere`);

    const brandJob = await context.producer.enqueue('checkSourceLink', { sourceId: brandSource, list: 'brand' });
    expect(await waitForJob(context.queues.links, brandJob!)).toMatchObject({ state: 'completed', returnvalue: { status: 'ok', httpStatus: 200 } });
    const productJob = await context.producer.enqueue('checkSourceLink', { sourceId: productSource, list: 'product' });
    expect(await waitForJob(context.queues.links, productJob!)).toMatchObject({
      state: 'completed',
      returnvalue: { status: 'failing', httpStatus: 404 },
    });
    const read = (table: string, id: number) =>
      context.db.query(`SELECT link_status, archived_title FROM ${table} WHERE id = $1`, [id]).then(({ rows }) => rows[0]);
    expect(await read('brand_sources', brandSource)).toEqual({ link_status: 'ok', archived_title: 'Boycott list' });
    expect(await read('business_product_sources', productSource)).toEqual({ link_status: 'failing', archived_title: null });
  });
});

describe('check-all-source-links (the weekly sweep)', () => {
  it('queues a check of every source with a URL, and each is recorded', async () => {
    pages.set('/swept', { status: 200, html: '<title>Swept</title>' });
    const withUrls = [await insertSource(`${base}/swept`), await insertSource(`${base}/swept`)];
    const withoutUrl = await insertSource(null);
    // Every list of sources: businesses' proof of support, brands' reasons, businesses' products.
    const { rows } = await context.db.query<{ count: number }>(
      `SELECT ((SELECT count(*) FROM business_sources WHERE url IS NOT NULL) + (SELECT count(*) FROM brand_sources WHERE url IS NOT NULL)
               + (SELECT count(*) FROM business_product_sources WHERE url IS NOT NULL))::int AS count`,
    );
    const jobId = await context.producer.enqueue('checkAllSourceLinks', {});
    expect(await waitForJob(context.queues.links, jobId!)).toMatchObject({ state: 'completed', returnvalue: { queued: rows[0].count } });
    await expect
      .poll(async () => (await Promise.all(withUrls.map(linkOf))).map((link) => link.link_status), { timeout: 20_000 })
      .toEqual(['ok', 'ok']);
    expect((await linkOf(withoutUrl)).link_status).toBe('unchecked');
  });

  it('is scheduled weekly on the links queue', async () => {
    const schedulers = await context.queues.links.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ name: 'check-all-source-links', pattern: '0 3 * * 1', tz: 'UTC' })]);
  });
});

describe('a page that stalls', () => {
  it("four gzipped pages that stop sending (the worker's concurrency) are failed checks within the check timeout: the queue goes on", async () => {
    const stalled = await Promise.all([1, 2, 3, 4].map(() => insertSource(`${base}/stalls-gzipped`)));
    pages.set('/after', { status: 200, html: '<title>After</title>' });
    const after = await insertSource(`${base}/after`);
    const started = Date.now();
    const results = await Promise.all(stalled.map(check));
    expect(results.map((result) => result.returnvalue)).toEqual(
      stalled.map(() => ({ status: 'failing', failures: 1, httpStatus: null, problem: `no answer within ${LINK_CHECK_RULES.timeoutMs / 1000} s` })),
    );
    expect(Date.now() - started).toBeLessThan(LINK_CHECK_RULES.timeoutMs + 5_000);
    expect(await check(after)).toMatchObject({ state: 'completed', returnvalue: { status: 'ok' } });
  }, 30_000);

  it('a job that outlives its deadline fails its attempt and frees its slot', async () => {
    const timed = await startWorker(context, { LINK_CHECK_ALLOW_PRIVATE: 'true', WORKER_TEST_JOB_TIMEOUT_MS: '300' });
    await worker.stop();
    worker = timed;
    const sourceId = await insertSource(`${base}/stalls-gzipped`);
    const jobId = (await context.producer.enqueue('checkSourceLink', { sourceId }))!;
    const started = Date.now();
    await expect
      .poll(async () => (await context.queues.links.getJob(jobId))?.failedReason, { timeout: 5_000, interval: 100 })
      .toBe('job timed out after 0.3 s');
    expect(Date.now() - started).toBeLessThan(LINK_CHECK_RULES.timeoutMs);
  });
});

describe('the SSRF setting', () => {
  it('is off by default, and production refuses to start with it on', () => {
    const base = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x', SESSION_SECRET: 'a'.repeat(40), JOB_DATA_KEY: 'k'.repeat(40) };
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).LINK_CHECK_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test', LINK_CHECK_ALLOW_PRIVATE: 'true' }).LINK_CHECK_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', LINK_CHECK_ALLOW_PRIVATE: 'true' })).toThrow(
      /LINK_CHECK_ALLOW_PRIVATE must not be on in production/,
    );
  });

  it('off, a check of a loopback page is refused, recorded as a failure without an HTTP status', async () => {
    const guarded = await startWorker(context, { LINK_CHECK_ALLOW_PRIVATE: 'false' });
    await worker.stop();
    try {
      pages.set('/inside', { status: 200, html: '<title>Inside</title>' });
      const sourceId = await insertSource(`${base}/inside`);
      expect(await check(sourceId)).toMatchObject({ state: 'completed', returnvalue: { status: 'failing', httpStatus: null } });
      expect(await linkOf(sourceId)).toMatchObject({ link_status: 'failing', link_http_status: null, link_failures: 1, archived_title: null });
    } finally {
      await guarded.stop();
    }
  });
});
