import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { createBusiness } from '../test/fixtures';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';

// A search costs a bounded amount, counts once per filter set and cannot starve other requests.
let api: TestApi;
let visitor: ApiTestClient;

beforeAll(async () => {
  api = await startTestApi({ POSTGRES_POOL_SIZE: '3', POSTGRES_SEARCH_POOL_SIZE: '1' });
  visitor = api.client();
});
afterAll(() => api?.stop());

/** `count` businesses named `<prefix> <n>` in `city`, straight into the table. */
async function insertNamed(prefix: string, city: string, count: number): Promise<void> {
  await api.core.db.query(
    `INSERT INTO businesses (name, address, city, postcode, latitude, longitude)
     SELECT $1 || ' ' || n, '1 High Street', $2, 'XX1 1XX', 51.5, -0.1 FROM generate_series(1, $3::int) AS n`,
    [prefix, city, count],
  );
}

const nextPath = (link: string | null) => (link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null);

describe('the total of a list is counted once per filter set', () => {
  it('later pages carry the first page’s total in their cursor (X-Total-Count), without counting again', async () => {
    await insertNamed('Countonce Bakery', 'Countville', 5);
    const first = await visitor.get('/api/businesses?search=countonce&limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('5');

    // A business added while the visitor pages: a page that counted again would say 6.
    await insertNamed('Countonce Bakery', 'Countville', 1);
    const second = await visitor.get(nextPath(first.headers.get('link'))!);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-total-count')).toBe('5');
    expect(second.body).toHaveLength(2);

    // A new filter set (the first page again, another limit) counts anew.
    const again = await visitor.get('/api/businesses?search=countonce&limit=3');
    expect(again.headers.get('x-total-count')).toBe('6');
  });

  it('refuses a cursor whose total is not a count', async () => {
    const first = await visitor.get('/api/businesses?search=countonce&limit=2');
    const cursor = new URL(nextPath(first.headers.get('link'))!, 'http://x').searchParams.get('cursor')!;
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    parts[parts.length - 1] = -1;
    const forged = Buffer.from(JSON.stringify(parts)).toString('base64url');
    const answer = await visitor.get(`/api/businesses?search=countonce&limit=2&cursor=${forged}`);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(MESSAGES.invalidCursor);
  });
});

describe('one- and two-letter searches', () => {
  it('match the start of names: the page, its total and the summary agree', async () => {
    await insertNamed('Zq Corner Shop', 'Prefixton', 2);
    await insertNamed('Zqbakery', 'Prefixton', 3);
    await insertNamed('The Zq Bakery', 'Prefixton', 1);
    await insertNamed('Nothing here', 'Prefixton', 4);
    for (const search of ['zq', 'z']) {
      const page = await visitor.get(`/api/businesses?city=Prefixton&search=${search}`);
      expect(page.status).toBe(200);
      const names: string[] = page.body.map((row: { name: string }) => row.name);
      // Names that start with it, A-Z as without a search.
      expect(names).toEqual(['Zq Corner Shop 1', 'Zq Corner Shop 2', 'Zqbakery 1', 'Zqbakery 2', 'Zqbakery 3']);
      expect(page.headers.get('x-total-count')).toBe('5');
      const summary = await visitor.get(`/api/businesses/summary?city=Prefixton&search=${search}`);
      expect(summary.status).toBe(200);
      expect(summary.body.total).toBe(5);
    }
  });
});

describe('statement timeout', () => {
  it('a statement that runs past it answers 503 with a JSON detail, never a 500 or a stack', async () => {
    const isolated = await startTestApi();
    try {
      const database = new URL(isolated.core.config.DATABASE_URL).pathname.slice(1);
      const admin = new pg.Client({ connectionString: isolated.core.config.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(
          `INSERT INTO businesses (name, address, city, postcode) SELECT 'Slow Search ' || n, '1 High Street', 'Slowtown', 'XX1 1XX' FROM generate_series(1, 1000) AS n`,
        );
        // The API has not connected yet: its connections take the database's setting.
        await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(database)} SET statement_timeout = '1ms'`);
      } finally {
        await admin.end();
      }
      const answer = await isolated.client().get('/api/businesses/summary?search=slow+search+town');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ detail: expect.any(String), code: 'serviceUnavailable' });
      expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      await isolated.stop();
    }
  });

  it('is the database’s default for every connection of the API (no startup option sets it)', async () => {
    const { rows } = await api.core.db.query<{ statement: string; idle: string }>(
      "SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle",
    );
    expect(rows[0]).toEqual({ statement: '5s', idle: '10s' });
  });
});

describe('searches cannot starve other requests of connections', () => {
  it('20 concurrent one- and two-letter searches queue on their own pool while a detail read answers at once', async () => {
    const owner = api.client();
    await owner.signup();
    const business = await createBusiness(owner, { name: 'Starve Test Cafe' });
    await insertNamed('Ab Starve', 'Starvetown', 50);

    // The one search connection is busy for 1.5 s: every search waits behind it, in the search pool.
    let answeredWhileBusy: number | undefined;
    const busy = api.core.searchDb.query('SELECT pg_sleep(1.5)').then(() => {
      answeredWhileBusy = searchesDone;
    });
    const started = performance.now();
    let searchesDone = 0;
    const searches = Array.from({ length: 20 }, (_, index) =>
      visitor.get(`/api/businesses?search=${index % 2 ? 'a' : 'ab'}&limit=5`).then((answer) => {
        searchesDone += 1;
        return answer;
      }),
    );
    const detail = await visitor.get(`/api/businesses/${business.id}`);
    const detailMs = performance.now() - started;
    expect(detail.status).toBe(200);
    expect(detailMs).toBeLessThan(1_000);
    // Had they gone through the main pool, they would have answered long before the search connection was free.
    await busy;
    expect(answeredWhileBusy).toBe(0);
    const answers = await Promise.all(searches);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  });
});
