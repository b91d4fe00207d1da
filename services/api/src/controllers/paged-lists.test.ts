import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

// Comments and the admins' report and suggestion queues answer one page at a time (CONTRACT.md's
// paging). Rows are written straight into Postgres, several at one instant, so the keyset's tie on id is exercised.

let api: TestApi;
/** Adds the businesses. */
let member: ApiTestClient;
let admin: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  [member, admin] = [api.client(), await adminClient(api)];
  await member.signup();
});
afterAll(async () => api?.stop());

const SAME_INSTANT = '2026-03-01T10:00:00.123456Z';
/** Seven creation times, newest not first: three share one instant, two differ by a microsecond. */
const TIMES = [
  '2026-03-01T09:00:00Z',
  SAME_INSTANT,
  '2026-03-02T08:00:00Z',
  SAME_INSTANT,
  '2026-03-01T10:00:00.123457Z',
  SAME_INSTANT,
  '2026-02-01T00:00:00Z',
];

const query = async <Row>(sql: string, params: unknown[] = []) => (await api.core.db.query(sql, params)).rows as Row[];

/** The table's rows of these ids, in the order newest first, ties by the larger id first. */
async function newestFirst(table: 'comments' | 'reports' | 'suggestions', ids: number[]): Promise<number[]> {
  const rows = await query<{ id: number; created_at: Date; micros: string }>(
    `SELECT id, (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros FROM ${table} WHERE id = ANY($1)`,
    [ids],
  );
  return rows.sort((a, b) => (BigInt(b.micros) > BigInt(a.micros) ? 1 : BigInt(b.micros) < BigInt(a.micros) ? -1 : b.id - a.id)).map((row) => row.id);
}

async function checkPages(client: ApiTestClient, path: string, expectedIds: number[]) {
  const first = await client.get(`${path}?limit=2`);
  expect(first.status).toBe(200);
  expect(first.body).toHaveLength(2);
  expect(first.headers.get('x-total-count')).toBe(String(expectedIds.length));
  expect(first.headers.get('link')).toMatch(/^<[^>]*[?&]limit=2&cursor=[\w-]+>; rel="next"$/);

  const { items, total } = await allPages<{ id: number }>(client, `${path}?limit=2`);
  expect(total).toBe(expectedIds.length);
  // No repeat, no gap, in the list's order.
  expect(items.map((item) => item.id)).toEqual(expectedIds);
  expect(items.every((item) => !('sort_key' in item))).toBe(true);

  const whole = await client.get(`${path}?limit=${expectedIds.length}`);
  expect(whole.body.map((item: { id: number }) => item.id)).toEqual(expectedIds);
  expect(whole.headers.get('link')).toBeNull();
  const byDefault = await client.get(path);
  expect(byDefault.body).toHaveLength(expectedIds.length);
}

async function checkRefusals(client: ApiTestClient, path: string) {
  for (const limit of ['0', '501', 'ten', '-1', '1.5']) {
    expect(await client.get(`${path}?limit=${limit}`), limit).toMatchObject({ status: 400, body: { detail: MESSAGES.limitOutOfRange } });
  }
  const forged = [
    'x',
    Buffer.from('not json').toString('base64url'),
    Buffer.from('["2026-02-31T00:00:00.000000Z",1]').toString('base64url'),
    Buffer.from('["2026-03-01 10:00; DROP TABLE comments",1]').toString('base64url'),
    Buffer.from('[3,"Name\\u0000",1]').toString('base64url'),
    Buffer.from('[1]').toString('base64url'),
    'a'.repeat(2001),
  ];
  for (const cursor of forged) {
    expect(await client.get(`${path}?cursor=${cursor}`), cursor.slice(0, 40)).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.invalidCursor },
    });
  }
}

describe('GET /api/businesses/{id}/comments', () => {
  it('answers the comments newest first, page by page, with the total and the next link', async () => {
    const business = await createBusiness(member);
    const other = await createBusiness(member);
    const userId = (await query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))[0].id;
    const ids: number[] = [];
    for (const [index, time] of TIMES.entries()) {
      const [row] = await query<{ id: number }>(
        'INSERT INTO comments (business_id, user_id, comment_text, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
        [business.id, userId, `Comment number ${index}`, time],
      );
      ids.push(row.id);
    }
    await query('INSERT INTO comments (business_id, user_id, comment_text) VALUES ($1, $2, $3)', [other.id, userId, 'Not on this page']);
    await checkPages(api.client(), `/api/businesses/${business.id}/comments`, await newestFirst('comments', ids));
    await checkRefusals(api.client(), `/api/businesses/${business.id}/comments`);
  });

  it('answers an empty page with a total of 0, and 404 for a business that is not there', async () => {
    const business = await createBusiness(member);
    const answer = await api.client().get(`/api/businesses/${business.id}/comments`);
    expect(answer).toMatchObject({ status: 200, body: [] });
    expect(answer.headers.get('x-total-count')).toBe('0');
    expect(answer.headers.get('link')).toBeNull();
    expect(await api.client().get('/api/businesses/999999/comments?limit=5')).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.businessNotFound },
    });
  });
});

describe('admin queues', () => {
  it('pages pending reports newest first, without reviewed ones or those of a removed business', async () => {
    const businesses = [await createBusiness(member), await createBusiness(member)];
    const ids: number[] = [];
    for (const [index, time] of TIMES.entries()) {
      const [row] = await query<{ id: number }>(`INSERT INTO reports (business_id, reason, created_at) VALUES ($1, 'Other', $2) RETURNING id`, [
        businesses[index % 2].id,
        time,
      ]);
      ids.push(row.id);
    }
    await query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'rejected')`, [businesses[0].id]);
    const removed = await createBusiness(member);
    await query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved'), ($1, 'Other', 'pending')`, [removed.id]);

    await checkPages(admin, '/api/admin/reports/pending', await newestFirst('reports', ids));
    await checkRefusals(admin, '/api/admin/reports/pending');
    expect((await member.get('/api/admin/reports/pending?limit=2')).status).toBe(403);
  });

  it('pages reported businesses by pending reports, then name, then id', async () => {
    await query(`UPDATE reports SET status = 'rejected' WHERE status = 'pending'`);
    // Report counts 3, 2, 2, 2, 1, 1: the three with two share a name twice, so their order falls to the id.
    const plan: [string, number][] = [
      ['Beta Bakery', 2],
      ['Alpha Deli', 1],
      ['Beta Bakery', 2],
      ['Gamma Grocer', 3],
      ['Alpha Bakery', 2],
      ['Delta Cafe', 1],
    ];
    const seeded: { id: number; name: string; reports: number }[] = [];
    for (const [name, reports] of plan) {
      const business = await createBusiness(member, { name });
      for (let report = 0; report < reports; report++) await query(`INSERT INTO reports (business_id, reason) VALUES ($1, 'Other')`, [business.id]);
      seeded.push({ id: business.id, name, reports });
    }
    const expected = [...seeded]
      .sort((a, b) => b.reports - a.reports || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
      .map((business) => business.id);
    await checkPages(admin, '/api/admin/businesses/reported', expected);
    await checkRefusals(admin, '/api/admin/businesses/reported');
    const [first] = (await admin.get('/api/admin/businesses/reported?limit=1')).body;
    expect(first).toMatchObject({ id: expected[0], report_count: 3, latest_reports: expect.any(Array) });
  });

  it('pages pending suggestions newest first, without reviewed ones', async () => {
    const business = await createBusiness(member);
    const ids: number[] = [];
    for (const time of TIMES) {
      const [row] = await query<{ id: number }>(
        `INSERT INTO suggestions (business_id, field_name, suggested_value, suggestion_type, created_at)
         VALUES ($1, 'phone', '0113 496 0000', 'edit_existing', $2) RETURNING id`,
        [business.id, time],
      );
      ids.push(row.id);
    }
    await query(
      `INSERT INTO suggestions (business_id, field_name, suggested_value, suggestion_type, status) VALUES ($1, 'phone', 'x', 'edit_existing', 'approved')`,
      [business.id],
    );
    await checkPages(admin, '/api/admin/suggestions/pending', await newestFirst('suggestions', ids));
    await checkRefusals(admin, '/api/admin/suggestions/pending');
  });

  it('refuses a re-checks cursor holding an impossible date or time with 400 invalidCursor', async () => {
    const recheckCursor = (section: string, since: string) => Buffer.from(JSON.stringify([section, since, 1])).toString('base64url');
    const impossible: [string, string][] = [
      ['members', '2026-13-45'],
      ['due', '2026-02-30'],
      ['due', '2025-02-29'],
      ['never', '2026-04-31 10:00:00+00'],
      ['never', '2026-01-01 25:00:00+00'],
      ['members', '2026-01-01 10:61:00.5+00'],
      ['members', '2026-01-01 10:00:00+99'],
      ['never', '0000-01-01'],
    ];
    for (const [section, since] of impossible) {
      expect(await admin.get(`/api/admin/rechecks?cursor=${recheckCursor(section, since)}`), `${section} ${since}`).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.invalidCursor, code: 'invalidCursor' },
      });
    }
    // Real ones, as the list writes them, still page.
    for (const [section, since] of [
      ['due', '2024-02-29'],
      ['members', '2026-03-01 10:00:00.123456+00'],
      ['never', '2026-03-01 10:00:00+05:30'],
    ]) {
      expect((await admin.get(`/api/admin/rechecks?cursor=${recheckCursor(section, since)}`)).status, `${section} ${since}`).toBe(200);
    }
  });

  it('refuses a bad limit or cursor in CONTRACT.md words on every queue', async () => {
    for (const path of ['/api/admin/rechecks', '/api/admin/links/broken', '/api/admin/claims', '/api/admin/duplicates']) {
      expect(await admin.get(`${path}?limit=0`), path).toMatchObject({ status: 400, body: { detail: MESSAGES.limitOutOfRange } });
      expect(await admin.get(`${path}?cursor=x`), path).toMatchObject({ status: 400, body: { detail: MESSAGES.invalidCursor } });
    }
  });
});
