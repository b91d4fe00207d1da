// The nightly search for likely duplicate pairs, by the add form's rule, a batch of businesses at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_SEARCH_SCHEDULE, lookupOutcode } from '@zaytoon/core';
import type { RunningWorker } from '../worker';
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

const METERS_PER_DEGREE = 111_320;

/** A business as the geocoding job leaves it: at its district's centre, moved `northMeters` north; or without a position. */
async function business(name: string, postcode: string, options: { northMeters?: number; located?: boolean } = {}) {
  const centre = lookupOutcode(postcode)!;
  const located = options.located ?? true;
  const { rows } = await context.db.query<{ id: number }>(
    `INSERT INTO businesses (name, address, city, postcode, latitude, longitude) VALUES ($1, '1 High Street', 'London', $2, $3, $4) RETURNING id`,
    [name, postcode, located ? centre.latitude + (options.northMeters ?? 0) / METERS_PER_DEGREE : null, located ? centre.longitude : null],
  );
  return rows[0].id;
}

async function runSearch() {
  const jobId = await context.producer.enqueue('findDuplicatePairs', {});
  const result = await waitForJob(context.queues.moderation, jobId!, 60_000);
  expect(result.state).toBe('completed');
  return result.returnvalue as { businesses: number; pairs: number; pruned: number };
}

const pairs = async () =>
  (
    await context.db.query<{ first_id: number; second_id: number; status: string; distance_m: number | null }>(
      'SELECT first_id, second_id, status, distance_m FROM duplicate_pairs ORDER BY first_id, second_id',
    )
  ).rows;

describe('the nightly duplicate search', () => {
  it('stores each likely pair once, in id order, across batches, and keeps decided pairs decided', async () => {
    const bakers = await business('Olive Tree Bakers', 'E1 6AN');
    const unplaced = await business('Olive Tree Bakers Ltd', 'E1 6AN', { located: false });
    const near = await business('Olive Tree Bakery', 'E1 7AA', { northMeters: 400 });
    await business('Olive Tree Bakery', 'E2 0AA', { northMeters: 5000 });
    await business('Sunbird Flowers', 'E1 6AN');
    // Over one batch (500) of unrelated businesses, so the last pair's second business is read in a later batch than its first.
    await context.db.query(
      `INSERT INTO businesses (name, address, city, postcode)
       SELECT md5(i::text), '1 Road', 'Nowhere', 'ZZ' || i FROM generate_series(1, 520) AS i`,
    );
    const late = await business('Olive Tree Bakers', 'E1 6AN', { located: false });

    const first = await runSearch();
    expect(first.businesses).toBe(526);
    const found = (await pairs()).map(({ first_id, second_id }) => [first_id, second_id]);
    expect(found).toEqual(
      expect.arrayContaining([
        [bakers, unplaced],
        [bakers, near],
        [bakers, late],
        [unplaced, late],
      ]),
    );
    expect(found).toHaveLength(first.pairs);
    expect((await pairs()).find((pair) => pair.first_id === bakers && pair.second_id === near)?.distance_m).toBeCloseTo(400, -1);

    await context.db.query(`UPDATE duplicate_pairs SET status = 'dismissed' WHERE first_id = $1 AND second_id = $2`, [bakers, near]);
    const second = await runSearch();
    expect(second.pairs).toBe(first.pairs);
    const after = await pairs();
    expect(after).toHaveLength(first.pairs);
    expect(after.find((pair) => pair.first_id === bakers && pair.second_id === near)?.status).toBe('dismissed');
  });

  it('removes open pairs whose business is gone', async () => {
    const a = await business('Handala Books', 'N7 8LT');
    const b = await business('Handala Bookshop', 'N7 8LT');
    await runSearch();
    expect((await pairs()).some((pair) => pair.first_id === a && pair.second_id === b)).toBe(true);
    await context.db.query('DELETE FROM businesses WHERE id = $1', [b]);
    expect((await runSearch()).pruned).toBeGreaterThanOrEqual(1);
    expect((await pairs()).some((pair) => pair.second_id === b)).toBe(false);
  });

  it('is scheduled nightly on the moderation queue', async () => {
    const schedulers = await context.queues.moderation.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({
        key: DUPLICATE_SEARCH_SCHEDULE.id,
        name: 'find-duplicate-pairs',
        pattern: DUPLICATE_SEARCH_SCHEDULE.pattern,
        tz: 'UTC',
      }),
    ]);
  });
});
